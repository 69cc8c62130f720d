import { formatBytes, type PublicFileView } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { useServices } from '../../app/services.ts';
import { QrCode } from '../../components/QrCode.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { ShareMeta } from '../paste/ShareMeta.tsx';
import { FilePreview } from './FilePreview.tsx';
import '../share.css';
import { useProtectedShare } from '../useProtectedShare.ts';

/** A file share as its reader sees it (spec section 2, /file/{slug}). */
export default function FileViewPage() {
  useSignals();
  const { t } = useLingui();
  const { client, toasts, online, sharePrefetch } = useServices();
  const slug = useParams().slug ?? '';
  const { state, retry, password, setPassword, passwordError, unlocking, submitPassword } =
    useProtectedShare<PublicFileView>({
      slug,
      // Every read counts a view: the route's loader started the first read; a retry reads again.
      load: () => sharePrefetch.file.take(slug) ?? client.files.getPublic(slug),
      unlock: (pw) => client.files.verify(slug, pw),
      deps: [client, sharePrefetch],
    });
  const [showQr, setShowQr] = useState(false);

  if (state.kind === 'loading') return <p className="page muted" aria-busy="true">{t`Loading…`}</p>;
  if (state.kind === 'missing' || state.kind === 'gone' || state.kind === 'failed')
    return (
      <section className="page share-state" data-state={state.kind}>
        <h1>
          {state.kind === 'missing'
            ? t`No share at this link`
            : state.kind === 'gone'
              ? t`This share is no longer available`
              : t`The share could not be loaded`}
        </h1>
        <p className="muted">
          {state.kind === 'missing'
            ? t`Check the link, or ask its owner for a new one.`
            : state.kind === 'gone'
              ? t`It has expired or reached its view limit.`
              : state.message}
        </p>
        <div className="actions">
          {state.kind === 'failed' && (
            <button type="button" className="button primary" onClick={retry}>
              {t`Try again`}
            </button>
          )}
          <Link className="button" to={pathFor('upload')}>
            {t`Upload a file`}
          </Link>
        </div>
      </section>
    );
  if (state.kind === 'locked')
    return (
      <section className="page narrow">
        <h1>{t`Password required`}</h1>
        <p className="muted">{t`This file is protected. Enter its password to open it.`}</p>
        <form className="card form" onSubmit={submitPassword} noValidate>
          <label className="field">
            <span>{t`Password`}</span>
            <input
              type="password"
              name="share-password"
              autoComplete="off"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={!!passwordError}
              aria-describedby={passwordError ? 'file-password-error' : undefined}
              // biome-ignore lint/a11y/noAutofocus: the password is the only thing to do on this screen
              autoFocus
            />
          </label>
          {passwordError && (
            <p className="field-error" id="file-password-error" role="alert">
              {passwordError}
            </p>
          )}
          <button type="submit" className="button primary" disabled={unlocking}>
            {unlocking ? t`Checking…` : t`Unlock`}
          </button>
        </form>
      </section>
    );

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
