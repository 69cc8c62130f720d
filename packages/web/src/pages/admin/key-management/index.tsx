/** Key management (admin only): list with last use and expiry, create, edit, delete, bulk delete, copy key. */
import type { ApiKey } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { Icon } from '../../../components/Icon.tsx';
import { CopyButton } from '../shared/CopyButton.tsx';
import { DataTable, type SortState, sortRows } from '../shared/DataTable.tsx';
import { IconButton } from '../shared/IconButton.tsx';
import { ModuleHeader } from '../shared/ModuleHeader.tsx';
import { RefreshButton } from '../shared/RefreshButton.tsx';
import { SearchBox } from '../shared/SearchBox.tsx';
import { useAsync, useSelection } from '../shared/useAsync.ts';
import { useConfirmedAction } from '../shared/useConfirmedAction.ts';
import { KeyCreatedDialog } from './KeyCreatedDialog.tsx';
import { KeyFormDialog } from './KeyFormDialog.tsx';
import { type KeySort, useKeyColumns } from './keyColumns.tsx';
import '../admin.css';
import { BulkBar } from '../shared/BulkBar.tsx';

type Open = { kind: 'form'; key: ApiKey | null } | { kind: 'created'; key: ApiKey } | null;

const sortValue = (sort: KeySort) => (k: ApiKey) =>
  sort === 'name' ? k.name.toLowerCase() : (k[sort] ?? null);

export default function KeyManagement() {
  const { t } = useLingui();
  const { client } = useServices();
  const { confirmed, reportBatch, feedback, confirmHost } = useConfirmedAction();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<KeySort>>({ key: 'created_at', order: 'desc' });
  const [open, setOpen] = useState<Open>(null);
  const [selected, setSelected] = useSelection(search);
  const keys = useAsync(() => client.apiKeys.list(), 'keys', {
    onError: (err) => feedback.fail(t`Could not load API keys`, err),
  });
  const columns = useKeyColumns();

  const needle = search.toLowerCase();
  const visible = keys.data
    ? sortRows(
        keys.data.items.filter(
          (k) =>
            !needle || k.name.toLowerCase().includes(needle) || k.basic_path.toLowerCase().includes(needle),
        ),
        sortValue(sort.key),
        sort.order,
      )
    : null;

  function removeOne(key: ApiKey) {
    const name = key.name;
    return confirmed(
      {
        title: t`Delete API key?`,
        body: t`"${name}" stops working at once. Shares it created stay.`,
        confirmLabel: t`Delete`,
        danger: true,
      },
      t`Could not delete the API key`,
      async () => {
        await client.apiKeys.remove(key.id);
        feedback.ok(t`API key deleted`);
      },
      keys.reload,
    );
  }

  function removeSelected() {
    const ids = [...selected];
    const count = ids.length;
    return confirmed(
      {
        title: t`Delete ${count} API keys?`,
        body: t`The selected keys stop working at once. Shares they created stay.`,
        confirmLabel: t`Delete ${count}`,
        danger: true,
      },
      t`Could not delete the API keys`,
      async () => {
        const result = await client.apiKeys.batchDelete(ids);
        reportBatch(result, t`Some API keys were not deleted`, t`${result.deleted} API keys deleted`);
        setSelected(new Set());
      },
      keys.reload,
    );
  }

  return (
    <div data-module="key-management">
      <ModuleHeader
        title={t`API keys`}
        description={t`Keys let programs and people create shares and reach storage without the admin password.`}
        actions={
          <button
            type="button"
            className="button primary"
            onClick={() => setOpen({ kind: 'form', key: null })}
          >
            <Icon name="plus" size={16} />
            {t`New API key`}
          </button>
        }
      />
      <div className="toolbar">
        <SearchBox value={search} onSearch={setSearch} placeholder={t`Search name or path`} />
        <span className="spacer" />
        <RefreshButton onRefresh={() => void keys.reload()} loading={keys.loading} />
      </div>
      <BulkBar count={selected.size} onDelete={removeSelected} onClear={() => setSelected(new Set())} />
      <DataTable
        label={t`API keys`}
        rows={visible ?? (keys.error ? [] : null)}
        columns={columns}
        rowKey={(k) => k.id}
        sort={sort}
        onSort={setSort}
        selected={selected}
        onSelect={setSelected}
        loading={keys.loading}
        error={keys.error ? t`The API keys could not be loaded.` : null}
        empty={
          search
            ? t`No API key matches "${search}".`
            : t`No API keys yet. Create one to let a program or person share.`
        }
        actions={(k) => (
          <>
            <CopyButton text={k.key} label={t`Copy key of ${k.name}`} done={t`Key copied`} compact />
            <IconButton
              icon="edit"
              label={t`Edit ${k.name}`}
              onClick={() => setOpen({ kind: 'form', key: k })}
            />
            <IconButton icon="trash" label={t`Delete ${k.name}`} danger onClick={() => void removeOne(k)} />
          </>
        )}
      />
      {open?.kind === 'form' && (
        <KeyFormDialog
          apiKey={open.key}
          onClose={() => setOpen(null)}
          onSaved={(key, created) => {
            setOpen(created ? { kind: 'created', key } : null);
            void keys.reload();
          }}
        />
      )}
      {open?.kind === 'created' && <KeyCreatedDialog apiKey={open.key} onClose={() => setOpen(null)} />}
      {confirmHost}
    </div>
  );
}
