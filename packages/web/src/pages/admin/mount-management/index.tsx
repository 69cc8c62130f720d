/** Mount management: the admin creates, edits, enables/disables and deletes mounts; a key only looks. */
import type { Mount } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathFor } from '../../../app/navigation.ts';
import { useServices } from '../../../app/services.ts';
import { Icon } from '../../../components/Icon.tsx';
import { DataTable, type SortState, sortRows } from '../shared/DataTable.tsx';
import { IconButton } from '../shared/IconButton.tsx';
import { ModuleHeader } from '../shared/ModuleHeader.tsx';
import { RefreshButton } from '../shared/RefreshButton.tsx';
import { SearchBox } from '../shared/SearchBox.tsx';
import { useAsync } from '../shared/useAsync.ts';
import { useConfirmedAction } from '../shared/useConfirmedAction.ts';
import { MountFormDialog } from './MountFormDialog.tsx';
import '../admin.css';

type MountSort = 'sort_order' | 'name' | 'mount_path';

export default function MountManagement() {
  useSignals();
  const { t } = useLingui();
  const { client, auth } = useServices();
  const { confirmed, feedback, confirmHost } = useConfirmedAction();
  const isAdmin = auth.state.value.authType === 'admin';
  const [open, setOpen] = useState<{ mount: Mount | null } | null>(null);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<MountSort>>({ key: 'sort_order', order: 'asc' });
  const mounts = useAsync(() => client.mounts.list().then((r) => r.items), 'mounts', {
    onError: (err) => feedback.fail(t`Could not load mounts`, err),
  });
  const configs = useAsync(
    () => (isAdmin ? client.storageConfigs.list().then((r) => r.items) : Promise.resolve([])),
    `configs:${isAdmin}`,
  );
  const configName = (id: string) => configs.data?.find((c) => String(c.id) === String(id))?.name ?? id;

  const needle = search.trim().toLowerCase();
  const rows = mounts.data
    ? sortRows(
        mounts.data.filter(
          (m) =>
            !needle ||
            [m.name, m.mount_path, m.remark ?? '', configName(m.storage_config_id)].some((v) =>
              v.toLowerCase().includes(needle),
            ),
        ),
        (m) =>
          sort.key === 'sort_order'
            ? m.sort_order
            : sort.key === 'name'
              ? m.name.toLowerCase()
              : m.mount_path,
        sort.order,
      )
    : null;

  async function toggle(mount: Mount) {
    const name = mount.name;
    try {
      await client.mounts.setActive(mount.id, !mount.is_active);
      feedback.ok(mount.is_active ? t`"${name}" disabled` : t`"${name}" enabled`);
      await mounts.reload();
    } catch (err) {
      feedback.fail(t`Could not change the mount's status`, err);
    }
  }

  function remove(mount: Mount) {
    const name = mount.name;
    return confirmed(
      {
        title: t`Delete mount?`,
        body: t`"${name}" will no longer appear in the explorer and WebDAV. The stored objects are not deleted.`,
        confirmLabel: t`Delete`,
        danger: true,
      },
      t`Could not delete the mount`,
      async () => {
        await client.mounts.remove(mount.id);
        feedback.ok(t`Mount deleted`);
      },
      mounts.reload,
    );
  }

  return (
    <div data-module="mount-management">
      <ModuleHeader
        title={t`Mount management`}
        description={t`Storage folders that appear in the mount explorer and over WebDAV.`}
        actions={
          isAdmin && (
            <button
              type="button"
              className="button primary"
              onClick={() => setOpen({ mount: null })}
              disabled={!configs.data}
            >
              <Icon name="plus" size={16} />
              {t`New mount`}
            </button>
          )
        }
      />
      {!isAdmin && (
        <p className="muted" role="note">
          {t`API keys cannot create, edit, enable, disable or delete mounts; ask an administrator.`}
        </p>
      )}
      <div className="toolbar">
        <SearchBox value={search} onSearch={setSearch} placeholder={t`Search name, path or remark`} />
        <span className="spacer" />
        <RefreshButton onRefresh={() => void mounts.reload()} loading={mounts.loading} />
      </div>
      <DataTable
        label={t`Mounts`}
        rows={rows ?? (mounts.error ? [] : null)}
        rowKey={(m) => String(m.id)}
        sort={sort}
        onSort={setSort}
        loading={mounts.loading}
        error={mounts.error ? t`The mounts could not be loaded.` : null}
        empty={needle ? t`No mount matches "${search}".` : t`No mounts yet.`}
        columns={[
          {
            id: 'name',
            header: t`Name`,
            sortKey: 'name',
            cell: (m) => (
              <>
                <div className="cell-main">{m.name}</div>
                {m.remark && <div className="cell-sub">{m.remark}</div>}
              </>
            ),
          },
          {
            id: 'path',
            header: t`Mount path`,
            sortKey: 'mount_path',
            cell: (m) => (
              <Link className="mono" to={pathFor('mount-explorer', { path: m.mount_path })}>
                {m.mount_path}
              </Link>
            ),
          },
          {
            id: 'storage',
            header: t`Storage`,
            cell: (m) => (
              <>
                <div>{configName(m.storage_config_id)}</div>
                <div className="cell-sub">{m.storage_type === 'local' ? t`Local folder` : 'S3'}</div>
              </>
            ),
          },
          {
            id: 'order',
            header: t`Sort order`,
            sortKey: 'sort_order',
            className: 'num',
            cell: (m) => m.sort_order,
          },
          {
            id: 'ttl',
            header: t`Cache TTL`,
            className: 'num',
            cell: (m) => (m.cache_ttl === 0 ? t`Off` : t`${m.cache_ttl} s`),
          },
          {
            id: 'status',
            header: t`Status`,
            cell: (m) =>
              m.is_active ? (
                <span className="badge ok">{t`Active`}</span>
              ) : (
                <span className="badge">{t`Disabled`}</span>
              ),
          },
        ]}
        actions={
          isAdmin
            ? (m) => (
                <>
                  <button type="button" className="button small" onClick={() => void toggle(m)}>
                    {m.is_active ? t`Disable` : t`Enable`}
                  </button>
                  <IconButton icon="edit" label={t`Edit ${m.name}`} onClick={() => setOpen({ mount: m })} />
                  <IconButton
                    icon="trash"
                    label={t`Delete ${m.name}`}
                    danger
                    onClick={() => void remove(m)}
                  />
                </>
              )
            : undefined
        }
      />
      {open && configs.data && (
        <MountFormDialog
          mount={open.mount}
          configs={configs.data}
          takenPaths={mounts.data?.map((m) => m.mount_path) ?? []}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            void mounts.reload();
          }}
        />
      )}
      {confirmHost}
    </div>
  );
}
