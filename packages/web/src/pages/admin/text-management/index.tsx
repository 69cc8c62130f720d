/**
 * Text management: every text share for the admin, a key's own for an API key (the SDK picks
 * /admin/pastes or /user/pastes by auth). Paged by 10, searchable, sortable by creation time.
 */
import { PAGE_SIZE_ADMIN_PASTES, type PasteListItem, type PasteRecord } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathFor } from '../../../app/navigation.ts';
import { useServices } from '../../../app/services.ts';
import { ActivityDialog } from '../shared/ActivityDialog.tsx';
import { BulkBar } from '../shared/BulkBar.tsx';
import { DataTable } from '../shared/DataTable.tsx';
import { ModuleHeader } from '../shared/ModuleHeader.tsx';
import { Pagination } from '../shared/Pagination.tsx';
import { QrDialog } from '../shared/QrDialog.tsx';
import { RefreshButton } from '../shared/RefreshButton.tsx';
import { SearchBox } from '../shared/SearchBox.tsx';
import { ShareRowActions } from '../shared/ShareRowActions.tsx';
import { useAsync, useSelection } from '../shared/useAsync.ts';
import { useConfirmedAction } from '../shared/useConfirmedAction.ts';
import { useListParams } from '../shared/useListParams.ts';
import { PasteEditDialog } from './PasteEditDialog.tsx';
import { PasteViewDialog } from './PasteViewDialog.tsx';
import { usePasteColumns } from './pasteColumns.tsx';
import '../admin.css';

type Open =
  | { kind: 'view' | 'edit'; paste: PasteRecord }
  | { kind: 'qr' | 'activity'; paste: PasteListItem }
  | null;

export default function TextManagement() {
  useSignals();
  const { t } = useLingui();
  const { client, auth } = useServices();
  const { confirmed, reportBatch, feedback, confirmHost } = useConfirmedAction();
  const list = useListParams<'created_at'>({ sort: 'created_at', order: 'desc' });
  const [open, setOpen] = useState<Open>(null);
  const isAdmin = auth.isAdmin.value;

  const [selected, setSelected] = useSelection(`${list.page}|${list.search}|${list.order}`);
  const pastes = useAsync(
    () =>
      client.pastes.list({
        page: list.page,
        limit: PAGE_SIZE_ADMIN_PASTES,
        search: list.search || undefined,
        order: list.order,
      }),
    `${list.page}|${list.search}|${list.order}|${auth.state.value.authType}`,
    {
      onError: (err) => feedback.fail(t`Could not load text shares`, err),
      // A page emptied by deletions steps back to the last page that has rows.
      onData: ({ items, total }) => {
        if (items.length === 0 && total > 0 && list.page > 1)
          list.setPage(Math.ceil(total / PAGE_SIZE_ADMIN_PASTES));
      },
    },
  );

  const columns = usePasteColumns(isAdmin);

  /** Lists carry no text: view and edit load the whole share first. */
  async function openWhole(kind: 'view' | 'edit', item: PasteListItem) {
    try {
      setOpen({ kind, paste: await client.pastes.getById(item.id) });
    } catch (err) {
      feedback.fail(t`Could not load text shares`, err);
    }
  }

  function removeOne(paste: PasteListItem) {
    return confirmed(
      {
        title: t`Delete text share?`,
        body: t`"${paste.slug}" will be deleted for everyone who has the link. This cannot be undone.`,
        confirmLabel: t`Delete`,
        danger: true,
      },
      t`Could not delete the text share`,
      async () => {
        await client.pastes.remove(paste.id);
        feedback.ok(t`Text share deleted`);
      },
      pastes.reload,
    );
  }

  function removeSelected() {
    const ids = [...selected];
    return confirmed(
      {
        title: t`Delete ${ids.length} text shares?`,
        body: t`The selected shares will be deleted for everyone who has their links. This cannot be undone.`,
        confirmLabel: t`Delete ${ids.length}`,
        danger: true,
      },
      t`Could not delete the text shares`,
      async () => {
        const result = await client.pastes.batchDelete(ids);
        reportBatch(result, t`Some text shares were not deleted`, t`${result.deleted} text shares deleted`);
        setSelected(new Set());
      },
      pastes.reload,
    );
  }

  function clearExpired() {
    return confirmed(
      {
        title: t`Clear expired text shares?`,
        body: t`Every text share that has expired or reached its view limit will be deleted.`,
        confirmLabel: t`Clear expired`,
        danger: true,
      },
      t`Could not clear expired text shares`,
      async () => {
        const { deleted } = await client.pastes.clearExpired();
        feedback.ok(t`${deleted} expired text shares cleared`);
      },
      pastes.reload,
    );
  }

  const data = pastes.data;
  return (
    <div data-module="text-management">
      <ModuleHeader
        title={t`Text management`}
        description={isAdmin ? t`Every text share on this server.` : t`The text shares this API key created.`}
        actions={
          isAdmin && (
            <button type="button" className="button" onClick={clearExpired}>
              {t`Clear expired`}
            </button>
          )
        }
      />
      <div className="toolbar">
        <SearchBox
          value={list.search}
          onSearch={list.setSearch}
          placeholder={t`Search slug, title, remark or content`}
        />
        <span className="spacer" />
        <RefreshButton onRefresh={() => void pastes.reload()} loading={pastes.loading} />
      </div>
      <BulkBar count={selected.size} onDelete={removeSelected} onClear={() => setSelected(new Set())} />
      <DataTable
        label={t`Text shares`}
        rows={data?.items ?? (pastes.error ? [] : null)}
        columns={columns}
        rowKey={(p) => p.id}
        sort={{ key: 'created_at', order: list.order }}
        onSort={(s) => list.setSort(s.key, s.order)}
        selected={selected}
        onSelect={setSelected}
        loading={pastes.loading}
        error={pastes.error ? t`The text shares could not be loaded.` : null}
        empty={
          list.search ? (
            t`No text share matches "${list.search}".`
          ) : (
            <>
              {t`No text shares yet.`}{' '}
              <Link to={pathFor('home')} data-testid="empty-cta">
                {t`Create a text share`}
              </Link>
            </>
          )
        }
        actions={(paste) => (
          <ShareRowActions
            name={paste.slug}
            url={paste.url}
            see={{ onView: () => void openWhole('view', paste) }}
            onEdit={() => void openWhole('edit', paste)}
            onQr={() => setOpen({ kind: 'qr', paste })}
            onActivity={() => setOpen({ kind: 'activity', paste })}
            onDelete={() => void removeOne(paste)}
          />
        )}
      />
      {data && (
        <Pagination
          page={list.page}
          pageSize={PAGE_SIZE_ADMIN_PASTES}
          total={data.total}
          onPage={list.setPage}
        />
      )}
      {open?.kind === 'view' && (
        <PasteViewDialog
          paste={open.paste}
          onClose={() => setOpen(null)}
          onEdit={() => setOpen({ kind: 'edit', paste: open.paste })}
        />
      )}
      {open?.kind === 'edit' && (
        <PasteEditDialog
          paste={open.paste}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            void pastes.reload();
          }}
        />
      )}
      {open?.kind === 'qr' && (
        <QrDialog url={open.paste.url} title={t`QR code: ${open.paste.slug}`} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'activity' && (
        <ActivityDialog
          kind="text"
          shareId={open.paste.id}
          name={open.paste.slug}
          onClose={() => setOpen(null)}
        />
      )}
      {confirmHost}
    </div>
  );
}
