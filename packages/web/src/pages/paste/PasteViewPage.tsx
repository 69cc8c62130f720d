import type { PasteView } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { useServices } from '../../app/services.ts';
import { QrCode } from '../../components/QrCode.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { ShareMeta } from './ShareMeta.tsx';
import '../share.css';
import { useProtectedShare } from '../useProtectedShare.ts';

const MarkdownView = lazy(() =>
  import('../../components/MarkdownView.tsx').then((m) => ({ default: m.MarkdownView })),
);

/** A text share as its reader sees it (spec section 2, /paste/{slug}). */
export default function PasteViewPage() {
  useSignals();
  const { t } = useLingui();
  const { client, toasts, online, sharePrefetch } = useServices();
  const slug = useParams().slug ?? '';
  const { state, retry, password, setPassword, passwordError, unlocking, submitPassword } =
    useProtectedShare<PasteView>({
      slug,
      // Every read counts a view: the route's loader started the first read; a retry reads again.
      load: () => sharePrefetch.paste.take(slug) ?? client.pastes.get(slug),
      unlock: (pw) => client.pastes.unlock(slug, pw),
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
          <Link className="button" to={pathFor('home')}>
            {t`Create a new share`}
          </Link>
        </div>
      </section>
    );
  if (state.kind === 'locked')
    return (
      <section className="page narrow">
        <h1>{t`Password required`}</h1>
        <p className="muted">{t`This text share is protected. Enter its password to read it.`}</p>
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
              aria-describedby={passwordError ? 'share-password-error' : undefined}
              // biome-ignore lint/a11y/noAutofocus: the password is the only thing to do on this screen
              autoFocus
            />
          </label>
          {passwordError && (
            <p className="field-error" id="share-password-error" role="alert">
              {passwordError}
            </p>
          )}
          <button type="submit" className="button primary" disabled={unlocking}>
            {unlocking ? t`Checking…` : t`Unlock`}
          </button>
        </form>
      </section>
    );

  const paste = state.share;
  async function copyContent() {
    try {
      await copyText(paste.content);
      toasts.show(t`Content copied`, { kind: 'success' });
    } catch {
      toasts.show(t`Could not copy`, { kind: 'error' });
    }
  }
  return (
    <article className="page share-view">
      <header className="share-header">
        <div>
          <h1>{paste.title || t`Text share`}</h1>
          {paste.remark && <p className="muted share-remark">{paste.remark}</p>}
          <ShareMeta
            createdAt={paste.created_at}
            expiresAt={paste.expires_at}
            views={paste.views}
            maxViews={paste.max_views}
            offline={!online.online.value}
          />
        </div>
        <div className="actions">
          <button type="button" className="button primary" onClick={copyContent}>
            {t`Copy content`}
          </button>
          <a
            className="button"
            href={client.pastes.rawUrl(slug, state.password)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t`Raw text`}
          </a>
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
      <div className="card share-content" data-testid="share-content">
        {paste.format === 'markdown' ? (
          <Suspense fallback={<p className="muted">{t`Loading…`}</p>}>
            <MarkdownView source={paste.content} />
          </Suspense>
        ) : (
          <pre className="plain-text">{paste.content}</pre>
        )}
      </div>
    </article>
  );
}
