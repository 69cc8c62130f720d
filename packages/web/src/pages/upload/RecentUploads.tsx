import { type FileRecord, formatBytes, RECENT_UPLOADS } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { useServices } from '../../app/services.ts';
import { QrCode } from '../../components/QrCode.tsx';
import { RowCopyLinkButton } from '../../components/RowCopyLinkButton.tsx';
import { errorMessage } from '../../i18n/errorMessage.ts';
import { useNewestItems } from '../../lib/api/useNewestItems.ts';
import { useConfirm } from '../admin/shared/confirm.tsx';

/**
 * The three newest file shares of whoever is signed in: open, copy link, QR code, delete. A deletion
 * asks in the app's own dialog and is reported through onDeleted, so the upload list drops it too.
 */
export function RecentUploads({
  refreshKey,
  onDeleted,
}: {
  refreshKey: number;
  onDeleted(id: string): void;
}) {
  const { t } = useLingui();
  const { client, toasts } = useServices();
  const { confirm, confirmHost } = useConfirm();
  const [qrFor, setQrFor] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  const [items, setItems] = useNewestItems(
    () => client.files.list({ limit: RECENT_UPLOADS, offset: 0, sort: 'created_at', order: 'desc' }),
    `${refreshKey}|${reload}`,
  );

  async function remove(file: FileRecord) {
    const name = file.filename;
    const sure = await confirm({
      title: t`Delete file`,
      body: t`Delete ${name}? Its link stops working.`,
      confirmLabel: t`Delete`,
      danger: true,
    });
    if (!sure) return;
    try {
      await client.files.remove(file.id);
      toasts.show(t`Deleted ${name}`, { kind: 'success' });
      setItems((list) => list?.filter((f) => f.id !== file.id) ?? null);
      onDeleted(file.id);
      setReload((n) => n + 1);
    } catch (err) {
      toasts.show(errorMessage(err), { kind: 'error' });
    }
  }

  if (!items || items.length === 0) return confirmHost ?? null;
  return (
    <section className="card recent-uploads" aria-labelledby="recent-title">
      {confirmHost}
      <h2 id="recent-title">{t`Recent uploads`}</h2>
      <ul className="row-list">
        {items.map((file) => {
          const name = file.filename;
          return (
            <li key={file.id} data-testid="recent-upload">
              <div className="recent-row">
                <Link to={pathFor('file-view', { slug: file.slug })} className="recent-name" title={name}>
                  {name}
                </Link>
                <span className="muted">{formatBytes(file.size)}</span>
                <div className="actions">
                  <RowCopyLinkButton url={file.url} name={name} />
                  <button
                    type="button"
                    className="button small"
                    aria-expanded={qrFor === file.id}
                    onClick={() => setQrFor((id) => (id === file.id ? null : file.id))}
                    aria-label={t`QR code of ${name}`}
                  >
                    {t`QR code`}
                  </button>
                  <button
                    type="button"
                    className="button small danger"
                    onClick={() => remove(file)}
                    aria-label={t`Delete ${name}`}
                  >
                    {t`Delete`}
                  </button>
                </div>
              </div>
              {qrFor === file.id && <QrCode value={file.url} size={128} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
