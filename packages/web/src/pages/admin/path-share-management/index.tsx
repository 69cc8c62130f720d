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
import { Icon } from '../../../components/Icon.tsx';
import { ActivityDialog } from '../shared/ActivityDialog.tsx';
import { CopyButton } from '../shared/CopyButton.tsx';
import { useConfirm } from '../shared/confirm.tsx';
import { DataTable } from '../shared/DataTable.tsx';
import { useFeedback } from '../shared/feedback.ts';
import { IconButton } from '../shared/IconButton.tsx';
import { ModuleHeader } from '../shared/ModuleHeader.tsx';
import { Pagination } from '../shared/Pagination.tsx';
import { QrDialog } from '../shared/QrDialog.tsx';
import { useAsync } from '../shared/useAsync.ts';
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
  const feedback = useFeedback();
  const { confirm, confirmHost } = useConfirm();
  const list = useListParams<'created_at'>({ sort: 'created_at', order: 'desc' });
  const [open, setOpen] = useState<Open>(null);
  const isAdmin = auth.isAdmin.value;
  const shares = useAsync(
    () => client.pathShares.list({ limit: PAGE_SIZE, offset: (list.page - 1) * PAGE_SIZE }),
    `${list.page}|${auth.state.value.authType}`,
    { onError: (err) => feedback.fail(t`Could not load path shares`, err) },
  );
  const columns = usePathShareColumns(isAdmin);

  async function remove(share: PathShareRecord) {
    const path = share.path;
    const ok = await confirm({
      title: t`Delete path share?`,
      body: t`The link to "${path}" stops working. The files stay where they are.`,
      confirmLabel: t`Delete`,
      danger: true,
    });
    if (!ok) return;
    try {
      await client.pathShares.remove(share.id);
      feedback.ok(t`Path share deleted`);
      await shares.reload();
    } catch (err) {
      feedback.fail(t`Could not delete the path share`, err);
    }
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
        <button
          type="button"
          className="button"
          onClick={() => void shares.reload()}
          disabled={shares.loading}
        >
          {t`Refresh`}
        </button>
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
          <>
            <a
              className="icon-button small"
              href={s.url}
              target="_blank"
              rel="noreferrer"
              title={t`Open ${s.slug}`}
            >
              <Icon name="external" size={16} />
              <span className="visually-hidden">{t`Open ${s.slug}`}</span>
            </a>
            <IconButton
              icon="edit"
              label={t`Edit ${s.slug}`}
              onClick={() => setOpen({ kind: 'edit', share: s })}
            />
            <CopyButton text={s.url} label={t`Copy link of ${s.slug}`} compact />
            <IconButton
              icon="qr"
              label={t`QR code for ${s.slug}`}
              onClick={() => setOpen({ kind: 'qr', share: s })}
            />
            <IconButton
              icon="activity"
              label={t`Activity of ${s.slug}`}
              onClick={() => setOpen({ kind: 'activity', share: s })}
            />
            <IconButton icon="trash" label={t`Delete ${s.slug}`} danger onClick={() => void remove(s)} />
          </>
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
