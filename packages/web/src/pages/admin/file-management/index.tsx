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
import { Icon } from '../../../components/Icon.tsx';
import { configDisplayName } from '../../../i18n/configName.ts';
import { ActivityDialog } from '../shared/ActivityDialog.tsx';
import { CopyButton } from '../shared/CopyButton.tsx';
import { useConfirm } from '../shared/confirm.tsx';
import { DataTable } from '../shared/DataTable.tsx';
import { useFeedback } from '../shared/feedback.ts';
import { IconButton } from '../shared/IconButton.tsx';
import { ModuleHeader } from '../shared/ModuleHeader.tsx';
import { Pagination } from '../shared/Pagination.tsx';
import { QrDialog } from '../shared/QrDialog.tsx';
import { SearchBox } from '../shared/SearchBox.tsx';
import { useAsync, useSelection } from '../shared/useAsync.ts';
import { useListParams } from '../shared/useListParams.ts';
import { FileEditDialog } from './FileEditDialog.tsx';
import { type FileSort, useFileColumns } from './fileColumns.tsx';
import '../admin.css';
import { BulkBar } from '../shared/BulkBar.tsx';

type Open = { kind: 'edit' | 'qr' | 'activity'; file: FileRecord } | null;

export default function FileManagement() {
  useSignals();
  const { t } = useLingui();
  const { client, auth } = useServices();
  const feedback = useFeedback();
  const { confirm, confirmHost } = useConfirm();
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

  async function removeOne(file: FileRecord) {
    const name = file.filename;
    const ok = await confirm({
      title: t`Delete file share?`,
      body: t`"${name}" and its stored file will be deleted. Its link stops working. This cannot be undone.`,
      confirmLabel: t`Delete`,
      danger: true,
    });
    if (!ok) return;
    try {
      await client.files.remove(file.id);
      feedback.ok(t`File share deleted`);
      await files.reload();
    } catch (err) {
      feedback.fail(t`Could not delete the file share`, err);
    }
  }

  async function removeSelected() {
    const ids = [...selected];
    const count = ids.length;
    const ok = await confirm({
      title: t`Delete ${count} file shares?`,
      body: t`The selected shares and their stored files will be deleted. This cannot be undone.`,
      confirmLabel: t`Delete ${count}`,
      danger: true,
    });
    if (!ok) return;
    try {
      const result = await client.files.batchDelete(ids);
      if (result.failed.length)
        feedback.fail(
          t`Some file shares were not deleted`,
          new Error(result.failed.map((f) => f.message).join('; ')),
        );
      else feedback.ok(t`${result.deleted} file shares deleted`);
      setSelected(new Set());
      await files.reload();
    } catch (err) {
      feedback.fail(t`Could not delete the file shares`, err);
    }
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
        <button type="button" className="button" onClick={() => void files.reload()} disabled={files.loading}>
          {t`Refresh`}
        </button>
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
          <>
            <a
              className="icon-button small"
              href={f.url}
              target="_blank"
              rel="noreferrer"
              title={t`Preview ${f.filename}`}
            >
              <Icon name="external" size={16} />
              <span className="visually-hidden">{t`Preview ${f.filename}`}</span>
            </a>
            <IconButton
              icon="edit"
              label={t`Edit ${f.filename}`}
              onClick={() => setOpen({ kind: 'edit', file: f })}
            />
            <CopyButton text={f.url} label={t`Copy link of ${f.filename}`} compact />
            <IconButton
              icon="qr"
              label={t`QR code for ${f.filename}`}
              onClick={() => setOpen({ kind: 'qr', file: f })}
            />
            <IconButton
              icon="activity"
              label={t`Activity of ${f.filename}`}
              onClick={() => setOpen({ kind: 'activity', file: f })}
            />
            <IconButton
              icon="trash"
              label={t`Delete ${f.filename}`}
              danger
              onClick={() => void removeOne(f)}
            />
          </>
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
