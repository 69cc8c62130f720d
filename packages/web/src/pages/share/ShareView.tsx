import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactNode, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { QrCode } from '../../components/QrCode.tsx';
import { useDocumentTitle } from '../../shell/documentTitle.ts';
import { ShareGate } from './ShareGate.tsx';
import { ShareMeta } from './ShareMeta.tsx';
import type { ShareHandle } from './useShare.ts';
import './share.css';

/** What every share kind tells its reader about the share itself. */
export interface ShareFacts {
  remark: string | null;
  created_at: string;
  expires_at: string | null;
  views: number;
  max_views: number;
}

/** A kind's own part of an open share; the frame around it is the same for every kind. */
export interface OpenShare {
  /** The share's own title, for the browser tab; empty leaves the route's title. */
  title: string;
  /** The heading, when it differs from the title (an untitled text share). */
  heading?: string;
  headingTestId?: string;
  /** Lines under the remark, e.g. a file's size and type. */
  details?: ReactNode;
  /** The buttons before "QR code", the main one first. */
  actions: ReactNode;
  body: ReactNode;
}

/**
 * A share as its reader sees it (spec section 2): the gate (loading, errors, password) until it is
 * open, then the heading, remark, facts, actions with the QR code, and the kind's body.
 */
export function ShareView<T extends ShareFacts>({
  gate,
  lockedText,
  newShare,
  open,
}: {
  gate: ShareHandle<T>;
  /** The password prompt's line, naming what the password opens. */
  lockedText: string;
  /** Where a reader goes from a share that is missing or gone. */
  newShare: { to: string; label: string };
  open(share: T): OpenShare;
}) {
  useSignals();
  const { t } = useLingui();
  const { online } = useServices();
  const [showQr, setShowQr] = useState(false);
  const share = gate.state.kind === 'ready' ? gate.state.share : null;
  const view = share && open(share);
  useDocumentTitle(view?.title);

  if (!share || !view) return <ShareGate gate={gate} lockedText={lockedText} newShare={newShare} />;
  return (
    <article className="page share-view">
      <header className="share-header">
        <div>
          <h1 data-testid={view.headingTestId}>{view.heading ?? view.title}</h1>
          {share.remark && <p className="muted share-remark">{share.remark}</p>}
          {view.details}
          <ShareMeta
            createdAt={share.created_at}
            expiresAt={share.expires_at}
            views={share.views}
            maxViews={share.max_views}
            offline={!online.online.value}
          />
        </div>
        <div className="actions">
          {view.actions}
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
      {view.body}
    </article>
  );
}
