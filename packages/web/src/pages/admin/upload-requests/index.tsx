/** Upload requests: every link through which files arrive into mount folders, and what arrived. */
import { formatBytes, type UploadRequestDetail, type UploadRequestRecord } from '@clip/sdk';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathFor } from '../../../app/navigation.ts';
import { useServices } from '../../../app/services.ts';
import { ReceivedFiles } from '../../../components/ReceivedFiles.tsx';
import { ActivityDialog } from '../shared/ActivityDialog.tsx';
import { DataTable } from '../shared/DataTable.tsx';
import { Dialog } from '../shared/Dialog.tsx';
import { IconButton } from '../shared/IconButton.tsx';
import { ModuleHeader } from '../shared/ModuleHeader.tsx';
import { RefreshButton } from '../shared/RefreshButton.tsx';
import { useAsync } from '../shared/useAsync.ts';
import { useConfirmedAction } from '../shared/useConfirmedAction.ts';
import '../admin.css';

export default function UploadRequestManagement() {
  const { t, i18n } = useLingui();
  const { client } = useServices();
  const { confirmed, feedback, confirmHost } = useConfirmedAction();
  const [shown, setShown] = useState<UploadRequestDetail | null>(null);
  const [activityOf, setActivityOf] = useState<UploadRequestRecord | null>(null);
  const requests = useAsync(
    () => client.uploadRequests.list({ limit: 1000 }).then((r) => r.items),
    'requests',
    {
      onError: (err) => feedback.fail(t`Could not load upload requests`, err),
    },
  );

  const limitsOf = (r: UploadRequestRecord): string => {
    const parts: string[] = [];
    if (r.limits.max_files !== null)
      parts.push(plural(r.limits.max_files, { one: '# file', other: '# files' }));
    if (r.limits.max_file_bytes !== null) parts.push(t`${formatBytes(r.limits.max_file_bytes)} per file`);
    if (r.limits.max_total_bytes !== null) parts.push(t`${formatBytes(r.limits.max_total_bytes)} in all`);
    if (r.limits.allowed_types.length) parts.push(r.limits.allowed_types.join(' '));
    return parts.join(' · ') || t`No limits`;
  };

  async function open(r: UploadRequestRecord) {
    try {
      setShown(await client.uploadRequests.get(r.id));
    } catch (err) {
      feedback.fail(t`Could not load the request`, err);
    }
  }

  function remove(r: UploadRequestRecord) {
    const slug = r.slug;
    return confirmed(
      {
        title: t`Close upload request?`,
        body: t`The link /r/${slug} stops taking files. The files that arrived stay in the folder.`,
        confirmLabel: t`Close request`,
        danger: true,
      },
      t`Could not close the request`,
      async () => {
        await client.uploadRequests.remove(r.id);
        feedback.ok(t`Upload request closed`);
      },
      requests.reload,
    );
  }

  return (
    <div data-module="upload-requests">
      <ModuleHeader
        title={t`Upload requests`}
        description={t`Links through which anyone can send files into a mount folder. Make one with "Request files here" on a folder in the mount explorer.`}
      />
      <div className="toolbar">
        <span className="spacer" />
        <RefreshButton onRefresh={() => void requests.reload()} loading={requests.loading} />
      </div>
      <DataTable
        label={t`Upload requests`}
        rows={requests.data ?? (requests.error ? [] : null)}
        rowKey={(r) => r.id}
        loading={requests.loading}
        error={requests.error ? t`The upload requests could not be loaded.` : null}
        empty={t`No upload requests yet.`}
        columns={[
          {
            id: 'link',
            header: t`Link`,
            cell: (r) => (
              <>
                <div className="cell-main">
                  <a className="mono" href={r.url} target="_blank" rel="noopener noreferrer">
                    /r/{r.slug}
                  </a>
                </div>
                {r.title && <div className="cell-sub">{r.title}</div>}
              </>
            ),
          },
          {
            id: 'folder',
            header: t`Folder`,
            cell: (r) => (
              <Link className="mono" to={pathFor('mount-explorer', { path: r.path })}>
                {r.path}
              </Link>
            ),
          },
          {
            id: 'received',
            header: t`Received`,
            className: 'num',
            cell: (r) => (
              <>
                <div>{plural(r.files_received, { one: '# file', other: '# files' })}</div>
                <div className="cell-sub">{formatBytes(r.bytes_received)}</div>
              </>
            ),
          },
          { id: 'limits', header: t`Limits`, cell: (r) => <span className="cell-sub">{limitsOf(r)}</span> },
          {
            id: 'expires',
            header: t`Open until`,
            cell: (r) =>
              r.expires_at
                ? i18n.date(new Date(r.expires_at), { dateStyle: 'medium', timeStyle: 'short' })
                : t`Never`,
          },
          {
            id: 'password',
            header: t`Password`,
            cell: (r) => (r.requires_password ? <span className="badge">{t`Protected`}</span> : ''),
          },
        ]}
        actions={(r) => (
          <>
            <button type="button" className="button small" onClick={() => void open(r)}>
              {t`What arrived`}
            </button>
            <IconButton
              icon="activity"
              label={t`Activity of /r/${r.slug}`}
              onClick={() => setActivityOf(r)}
            />
            <IconButton icon="trash" label={t`Close /r/${r.slug}`} danger onClick={() => void remove(r)} />
          </>
        )}
      />
      {shown && (
        <Dialog
          title={t`Received through /r/${shown.slug}`}
          name="request-received"
          wide
          onClose={() => setShown(null)}
          footer={
            <button type="button" className="button" onClick={() => setShown(null)}>
              {t`Close`}
            </button>
          }
        >
          <ReceivedFiles received={shown.received} />
        </Dialog>
      )}
      {activityOf && (
        <ActivityDialog
          kind="request"
          shareId={activityOf.id}
          name={`/r/${activityOf.slug}`}
          onClose={() => setActivityOf(null)}
        />
      )}
      {confirmHost}
    </div>
  );
}
