import { formatBytes, type UploadRequestReceived } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import './receivedFiles.css';

/** What arrived through an upload request: name, who sent it, when, and its size (newest first). */
export function ReceivedFiles({ received }: { received: UploadRequestReceived[] }) {
  const { t, i18n } = useLingui();
  if (received.length === 0) return <p className="muted">{t`Nothing has arrived yet.`}</p>;
  return (
    <table className="table received-files">
      <caption className="visually-hidden">{t`Files received`}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Name`}</th>
          <th scope="col">{t`From`}</th>
          <th scope="col">{t`Received`}</th>
          <th scope="col">{t`Size`}</th>
        </tr>
      </thead>
      <tbody>
        {received.map((r) => (
          <tr key={`${r.path}-${r.uploaded_at}`}>
            <td title={r.path}>{r.name}</td>
            <td>{r.uploader ?? <span className="muted">{t`anonymous`}</span>}</td>
            <td>{i18n.date(new Date(r.uploaded_at), { dateStyle: 'medium', timeStyle: 'short' })}</td>
            <td>{formatBytes(r.size)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
