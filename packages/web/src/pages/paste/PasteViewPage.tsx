import type { PasteView } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { useServices } from '../../app/services.ts';
import { QrCode } from '../../components/QrCode.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { useDocumentTitle } from '../../shell/documentTitle.ts';
import { ShareMeta } from './ShareMeta.tsx';
import '../share.css';
import { ShareGate } from '../ShareGate.tsx';
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
  const gate = useProtectedShare<PasteView>({
    slug,
    // Every read counts a view: the route's loader started the first read; a retry reads again.
    load: () => sharePrefetch.paste.take(slug) ?? client.pastes.get(slug),
    unlock: (pw) => client.pastes.unlock(slug, pw),
    deps: [client, sharePrefetch],
  });
  const [showQr, setShowQr] = useState(false);
  useDocumentTitle(gate.state.kind === 'ready' ? gate.state.share.title : null);

  if (gate.state.kind !== 'ready')
    return (
      <ShareGate
        gate={gate}
        lockedText={t`This text share is protected. Enter its password to read it.`}
        newShare={{ to: pathFor('home'), label: t`Create a new share` }}
      />
    );

  const paste = gate.state.share;
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
            href={client.pastes.rawUrl(slug, { token: paste.token })}
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
