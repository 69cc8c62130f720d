/**
 * File management: every file share for the admin, a key's own for an API key (the SDK picks
 * /admin/files or /user/files). Paged by 50 (limit, offset), searchable, sortable by size or date.
 */

import { type FileRecord, PAGE_SIZE_FILES } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathFor } from '../../../app/navigation.ts';
import { useServices } from '../../../app/services.ts';
import { configDisplayName } from '../../../i18n/configName.ts';
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
import { FileEditDialog } from './FileEditDialog.tsx';
import { type FileSort, useFileColumns } from './fileColumns.tsx';
import '../admin.css';

type Open = { kind: 'edit' | 'qr' | 'activity'; file: FileRecord } | null;

export default function FileManagement() {
  useSignals();
  const { t } = useLingui();
  const { client, auth } = useServices();
  const { confirmed, reportBatch, feedback, confirmHost } = useConfirmedAction();
  const list = useListParams<FileSort>({ sort: 'created_at', order: 'desc' });
  const [open, setOpen] = useState<Open>(null);
  const isAdmin = auth.isAdmin.value;
  const view = `${list.page}|${list.search}|${list.sort}|${list.order}`;
  const [selected, setSelected] = useSelection(view);

  const files = useAsync(
    () =>
      client.files.list({
        limit: PAGE_SIZE_FILES,
        offset: (list.page - 1) * PAGE_SIZE_FILES,
        search: list.search || undefined,
        sort: list.sort,
        order: list.order,
      }),
    `${view}|${auth.state.value.authType}`,
    {
      onError: (err) => feedback.fail(t`Could not load file shares`, err),
      onData: ({ items, total }) => {
        if (items.length === 0 && total > 0 && list.page > 1)
          list.setPage(Math.ceil(total / PAGE_SIZE_FILES));
      },
    },
  );
  // Storage names for the table; a key sees the configs it may use, which covers its own files.
  const configs = useAsync(() => client.storageConfigs.list(), 'configs');
  const storageName = (id: string) => {
    const config = configs.data?.items.find((c) => c.id === id);
    return config ? configDisplayName(config) : id.slice(0, 8);
  };
  const columns = useFileColumns(isAdmin, storageName);

  function removeOne(file: FileRecord) {
    const name = file.filename;
    return confirmed(
      {
        title: t`Delete file share?`,
        body: t`"${name}" and its stored file will be deleted. Its link stops working. This cannot be undone.`,
        confirmLabel: t`Delete`,
        danger: true,
      },
      t`Could not delete the file share`,
      async () => {
        await client.files.remove(file.id);
        feedback.ok(t`File share deleted`);
      },
      files.reload,
    );
  }

  function removeSelected() {
    const ids = [...selected];
    const count = ids.length;
    return confirmed(
      {
        title: t`Delete ${count} file shares?`,
        body: t`The selected shares and their stored files will be deleted. This cannot be undone.`,
        confirmLabel: t`Delete ${count}`,
        danger: true,
      },
      t`Could not delete the file shares`,
      async () => {
        const result = await client.files.batchDelete(ids);
        reportBatch(result, t`Some file shares were not deleted`, t`${result.deleted} file shares deleted`);
        setSelected(new Set());
      },
      files.reload,
    );
  }

  const data = files.data;
  return (
    <div data-module="file-management">
      <ModuleHeader
        title={t`File management`}
        description={
          isAdmin ? t`Every file share on this server.` : t`The file shares this API key uploaded.`
        }
      />
      <div className="toolbar">
        <SearchBox
          value={list.search}
          onSearch={list.setSearch}
          placeholder={t`Search file name, slug or remark`}
        />
        <span className="spacer" />
        <RefreshButton onRefresh={() => void files.reload()} loading={files.loading} />
      </div>
      <BulkBar count={selected.size} onDelete={removeSelected} onClear={() => setSelected(new Set())} />
      <DataTable
        label={t`File shares`}
        rows={data?.items ?? (files.error ? [] : null)}
        columns={columns}
        rowKey={(f) => f.id}
        sort={{ key: list.sort, order: list.order }}
        onSort={(s) => list.setSort(s.key, s.order)}
        selected={selected}
        onSelect={setSelected}
        loading={files.loading}
        error={files.error ? t`The file shares could not be loaded.` : null}
        empty={
          list.search ? (
            t`No file share matches "${list.search}".`
          ) : (
            <>
              {t`No file shares yet.`}{' '}
              <Link to={pathFor('upload')} data-testid="empty-cta">
                {t`Upload a file`}
              </Link>
            </>
          )
        }
        actions={(f) => (
          <ShareRowActions
            name={f.filename}
            url={f.url}
            see={{ openLabel: t`Preview ${f.filename}` }}
            onEdit={() => setOpen({ kind: 'edit', file: f })}
            onQr={() => setOpen({ kind: 'qr', file: f })}
            onActivity={() => setOpen({ kind: 'activity', file: f })}
            onDelete={() => void removeOne(f)}
          />
        )}
      />
      {data && (
        <Pagination page={list.page} pageSize={PAGE_SIZE_FILES} total={data.total} onPage={list.setPage} />
      )}
      {open?.kind === 'edit' && (
        <FileEditDialog
          file={open.file}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            void files.reload();
          }}
        />
      )}
      {open?.kind === 'qr' && (
        <QrDialog
          url={open.file.url}
          title={t`QR code: ${open.file.filename}`}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'activity' && (
        <ActivityDialog
          kind="file"
          shareId={open.file.id}
          name={open.file.filename}
          onClose={() => setOpen(null)}
        />
      )}
      {confirmHost}
    </div>
  );
}
