import { formatBytes, type PublicFileView } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useParams } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { useServices } from '../../app/services.ts';
import { QrCode } from '../../components/QrCode.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { useDocumentTitle } from '../../shell/documentTitle.ts';
import { ShareMeta } from '../paste/ShareMeta.tsx';
import { FilePreview } from './FilePreview.tsx';
import '../share.css';
import { ShareGate } from '../ShareGate.tsx';
import { useProtectedShare } from '../useProtectedShare.ts';

/** A file share as its reader sees it (spec section 2, /file/{slug}). */
export default function FileViewPage() {
  useSignals();
  const { t } = useLingui();
  const { client, toasts, online, sharePrefetch } = useServices();
  const slug = useParams().slug ?? '';
  const gate = useProtectedShare<PublicFileView>({
    slug,
    // Every read counts a view: the route's loader started the first read; a retry reads again.
    load: () => sharePrefetch.file.take(slug) ?? client.files.getPublic(slug),
    unlock: (pw) => client.files.verify(slug, pw),
    deps: [client, sharePrefetch],
  });
  const [showQr, setShowQr] = useState(false);
  useDocumentTitle(gate.state.kind === 'ready' ? gate.state.share.filename : null);

  if (gate.state.kind !== 'ready')
    return (
      <ShareGate
        gate={gate}
        lockedText={t`This file is protected. Enter its password to open it.`}
        newShare={{ to: pathFor('upload'), label: t`Upload a file` }}
      />
    );

  const { state } = gate;
  const file = state.share;
  const size = formatBytes(file.size);
  async function copyLink() {
    try {
      await copyText(window.location.href);
      toasts.show(t`Link copied`, { kind: 'success' });
    } catch {
      toasts.show(t`Could not copy`, { kind: 'error' });
    }
  }
  return (
    <article className="page share-view">
      <header className="share-header">
        <div>
          <h1 data-testid="file-name">{file.filename}</h1>
          {file.remark && <p className="muted share-remark">{file.remark}</p>}
          <p className="muted share-remark">
            {size} · {file.mimetype}
          </p>
          <ShareMeta
            createdAt={file.created_at}
            expiresAt={file.expires_at}
            views={file.views}
            maxViews={file.max_views}
            offline={!online.online.value}
          />
        </div>
        <div className="actions">
          <a className="button primary" href={file.download_url} download={file.filename}>
            {t`Download`}
          </a>
          <button type="button" className="button" onClick={copyLink}>
            {t`Copy link`}
          </button>
          <button
            type="button"
            className="button"
            aria-expanded={showQr}
            onClick={() => setShowQr((s) => !s)}
          >
            {t`QR code`}
          </button>
        </div>
      </header>
      {showQr && (
        <div className="share-qr">
          <QrCode value={window.location.href} />
        </div>
      )}
      <div className="card share-content file-preview" data-testid="file-preview">
        <FilePreview file={file} />
      </div>
    </article>
  );
}
