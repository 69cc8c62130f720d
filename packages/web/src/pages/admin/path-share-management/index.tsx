/**
 * Path shares beside text and file shares: every link into a mount for the admin, a key's own for an
 * API key (the SDK picks /admin/path-shares or /user/path-shares). Paged by 50; new links are made from
 * the mount explorer's "Share link".
 */
import type { PathShareRecord } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathFor } from '../../../app/navigation.ts';
import { useServices } from '../../../app/services.ts';
import { ActivityDialog } from '../shared/ActivityDialog.tsx';
import { DataTable } from '../shared/DataTable.tsx';
import { ModuleHeader } from '../shared/ModuleHeader.tsx';
import { Pagination } from '../shared/Pagination.tsx';
import { QrDialog } from '../shared/QrDialog.tsx';
import { RefreshButton } from '../shared/RefreshButton.tsx';
import { ShareRowActions } from '../shared/ShareRowActions.tsx';
import { useAsync } from '../shared/useAsync.ts';
import { useConfirmedAction } from '../shared/useConfirmedAction.ts';
import { useListParams } from '../shared/useListParams.ts';
import { PathShareEditDialog } from './PathShareEditDialog.tsx';
import { usePathShareColumns } from './pathShareColumns.tsx';
import '../admin.css';

const PAGE_SIZE = 50;
type Open = { kind: 'edit' | 'qr' | 'activity'; share: PathShareRecord } | null;

export default function PathShareManagement() {
  useSignals();
  const { t } = useLingui();
  const { client, auth } = useServices();
  const { confirmed, feedback, confirmHost } = useConfirmedAction();
  const list = useListParams<'created_at'>({ sort: 'created_at', order: 'desc' });
  const [open, setOpen] = useState<Open>(null);
  const isAdmin = auth.isAdmin.value;
  const shares = useAsync(
    () => client.pathShares.list({ limit: PAGE_SIZE, offset: (list.page - 1) * PAGE_SIZE }),
    `${list.page}|${auth.state.value.authType}`,
    { onError: (err) => feedback.fail(t`Could not load path shares`, err) },
  );
  const columns = usePathShareColumns(isAdmin);

  function remove(share: PathShareRecord) {
    const path = share.path;
    return confirmed(
      {
        title: t`Delete path share?`,
        body: t`The link to "${path}" stops working. The files stay where they are.`,
        confirmLabel: t`Delete`,
        danger: true,
      },
      t`Could not delete the path share`,
      async () => {
        await client.pathShares.remove(share.id);
        feedback.ok(t`Path share deleted`);
      },
      shares.reload,
    );
  }

  const data = shares.data;
  return (
    <div data-module="path-share-management">
      <ModuleHeader
        title={t`Path shares`}
        description={
          isAdmin ? t`Every link into a mount on this server.` : t`The links into mounts this API key made.`
        }
      />
      <div className="toolbar">
        <span className="spacer" />
        <RefreshButton onRefresh={() => void shares.reload()} loading={shares.loading} />
      </div>
      <DataTable
        label={t`Path shares`}
        rows={data?.items ?? (shares.error ? [] : null)}
        columns={columns}
        rowKey={(s) => s.id}
        loading={shares.loading}
        error={shares.error ? t`The path shares could not be loaded.` : null}
        empty={
          <>
            {t`No path shares yet.`}{' '}
            <Link to={pathFor('mount-explorer')} data-testid="empty-cta">
              {t`Share a file or folder from the mount explorer`}
            </Link>
          </>
        }
        actions={(s) => (
          <ShareRowActions
            name={s.slug}
            url={s.url}
            see={{ openLabel: t`Open ${s.slug}` }}
            onEdit={() => setOpen({ kind: 'edit', share: s })}
            onQr={() => setOpen({ kind: 'qr', share: s })}
            onActivity={() => setOpen({ kind: 'activity', share: s })}
            onDelete={() => void remove(s)}
          />
        )}
      />
      {data && <Pagination page={list.page} pageSize={PAGE_SIZE} total={data.total} onPage={list.setPage} />}
      {open?.kind === 'edit' && (
        <PathShareEditDialog
          share={open.share}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            void shares.reload();
          }}
        />
      )}
      {open?.kind === 'qr' && (
        <QrDialog url={open.share.url} title={t`QR code: ${open.share.path}`} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'activity' && (
        <ActivityDialog
          kind="path"
          shareId={open.share.id}
          name={open.share.slug}
          onClose={() => setOpen(null)}
        />
      )}
      {confirmHost}
    </div>
  );
}
