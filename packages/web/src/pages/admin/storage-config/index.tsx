/** Storage configs (admin only): list, create, edit, delete, test and set the default. */
import { ClipError, isFullStorageConfig, type StorageConfig } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { Icon } from '../../../components/Icon.tsx';
import { configDisplayName } from '../../../i18n/configName.ts';
import { useConfirm } from '../shared/confirm.tsx';
import { DataTable, type SortState, sortRows } from '../shared/DataTable.tsx';
import { useFeedback } from '../shared/feedback.ts';
import { formatBytes } from '../shared/format.ts';
import { IconButton } from '../shared/IconButton.tsx';
import { ModuleHeader } from '../shared/ModuleHeader.tsx';
import { RefreshButton } from '../shared/RefreshButton.tsx';
import { SearchBox } from '../shared/SearchBox.tsx';
import { useAsync } from '../shared/useAsync.ts';
import { ConfigFormDialog } from './ConfigFormDialog.tsx';
import { useProviderNames } from './providerNames.ts';
import { TestResultDialog } from './TestResultDialog.tsx';
import '../admin.css';

/** Where a config keeps its bytes: the folder, or the endpoint and bucket. */
const where = (c: StorageConfig) =>
  c.provider_type === 'local' ? (c.root_path ?? '') : `${c.endpoint_url ?? 'AWS'} · ${c.bucket_name}`;

type Open = { kind: 'form'; config: StorageConfig | null } | { kind: 'test'; config: StorageConfig } | null;
type ConfigSort = 'name' | 'provider';

export default function StorageConfigs() {
  const { t } = useLingui();
  const { client } = useServices();
  const feedback = useFeedback();
  const providerName = useProviderNames();
  const { confirm, confirmHost } = useConfirm();
  const [open, setOpen] = useState<Open>(null);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<ConfigSort>>({ key: 'name', order: 'asc' });
  const configs = useAsync(() => client.storageConfigs.list(), 'configs', {
    onError: (err) => feedback.fail(t`Could not load storage configs`, err),
  });

  const needle = search.toLowerCase();
  const rows = configs.data
    ? sortRows(
        configs.data.items
          .filter(isFullStorageConfig)
          .filter(
            (c) =>
              !needle ||
              [c.name, c.bucket_name, c.endpoint_url, c.root_path].some((v) =>
                v?.toLowerCase().includes(needle),
              ),
          ),
        (c) => (sort.key === 'name' ? c.name.toLowerCase() : c.provider_type),
        sort.order,
      )
    : null;

  async function setDefault(config: StorageConfig) {
    try {
      await client.storageConfigs.setDefault(config.id);
      const name = config.name;
      feedback.ok(t`"${name}" is now the default storage`);
      await configs.reload();
    } catch (err) {
      feedback.fail(t`Could not set the default storage`, err);
    }
  }

  async function remove(config: StorageConfig) {
    const name = config.name;
    const ok = await confirm({
      title: t`Delete storage config?`,
      body: t`"${name}" will be removed from clip. The objects in the storage itself are not touched.`,
      confirmLabel: t`Delete`,
      danger: true,
    });
    if (!ok) return;
    try {
      await client.storageConfigs.remove(config.id);
      feedback.ok(t`Storage config deleted`);
      await configs.reload();
    } catch (err) {
      // 409: still the default, or still used by file shares or mounts; the server says which.
      if (err instanceof ClipError && err.status === 409)
        feedback.fail(t`"${name}" cannot be deleted while it is in use`, new Error(err.message));
      else feedback.fail(t`Could not delete the storage config`, err);
    }
  }

  return (
    <div data-module="storage-config">
      <ModuleHeader
        title={t`Storage configs`}
        description={t`Where file shares and mounts keep their bytes: a folder on this server or any S3-compatible bucket.`}
        actions={
          <button
            type="button"
            className="button primary"
            onClick={() => setOpen({ kind: 'form', config: null })}
          >
            <Icon name="plus" size={16} />
            {t`New storage config`}
          </button>
        }
      />
      <div className="toolbar">
        <SearchBox value={search} onSearch={setSearch} placeholder={t`Search name, bucket or endpoint`} />
        <span className="spacer" />
        <RefreshButton onRefresh={() => void configs.reload()} loading={configs.loading} />
      </div>
      <DataTable
        label={t`Storage configs`}
        rows={rows ?? (configs.error ? [] : null)}
        rowKey={(c) => c.id}
        sort={sort}
        onSort={setSort}
        loading={configs.loading}
        error={configs.error ? t`The storage configs could not be loaded.` : null}
        empty={search ? t`No storage config matches "${search}".` : t`No storage configs yet.`}
        columns={[
          {
            id: 'name',
            header: t`Name`,
            sortKey: 'name',
            cell: (c) => (
              <>
                <div className="cell-main">
                  {configDisplayName(c)} {c.is_default && <span className="badge accent">{t`Default`}</span>}
                </div>
                <div className="cell-sub mono ellipsis" title={where(c)}>
                  {where(c)}
                </div>
              </>
            ),
          },
          {
            id: 'provider',
            header: t`Provider`,
            sortKey: 'provider',
            cell: (c) => providerName(c.provider_type),
          },
          {
            id: 'capacity',
            header: t`Capacity`,
            className: 'num',
            cell: (c) => (c.total_storage_bytes ? formatBytes(c.total_storage_bytes) : t`No limit`),
          },
          {
            id: 'access',
            header: t`API keys`,
            cell: (c) =>
              c.is_public ? (
                <span className="badge ok">{t`Allowed`}</span>
              ) : (
                <span className="badge">{t`Admin only`}</span>
              ),
          },
        ]}
        actions={(c) => (
          <>
            <button
              type="button"
              className="button small"
              onClick={() => setOpen({ kind: 'test', config: c })}
            >
              {t`Test`}
            </button>
            {!c.is_default && (
              <button type="button" className="button small" onClick={() => void setDefault(c)}>
                {t`Set default`}
              </button>
            )}
            <IconButton
              icon="edit"
              label={t`Edit ${c.name}`}
              onClick={() => setOpen({ kind: 'form', config: c })}
            />
            <IconButton icon="trash" label={t`Delete ${c.name}`} danger onClick={() => void remove(c)} />
          </>
        )}
      />
      {open?.kind === 'form' && (
        <ConfigFormDialog
          config={open.config}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            void configs.reload();
          }}
        />
      )}
      {open?.kind === 'test' && <TestResultDialog config={open.config} onClose={() => setOpen(null)} />}
      {confirmHost}
    </div>
  );
}
