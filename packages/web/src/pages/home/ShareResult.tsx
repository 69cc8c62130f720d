import type { PasteCreated } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { QrCode } from '../../components/QrCode.tsx';
import { copyText } from '../../lib/clipboard.ts';

/** Seconds the new share's link stays on screen (spec section 2: hidden after a countdown). */
export const LINK_VISIBLE_SECONDS = 30;

/** The share just created: link, copy, raw link, QR code; hidden when the countdown ends. */
export function ShareResult({ created, onHidden }: { created: PasteCreated; onHidden: () => void }) {
  const { t } = useLingui();
  const { toasts } = useServices();
  const [left, setLeft] = useState(LINK_VISIBLE_SECONDS);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    if (left <= 0) {
      onHidden();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, paused, onHidden]);

  async function copyLink() {
    try {
      await copyText(created.url);
      toasts.show(t`Link copied`, { kind: 'success' });
    } catch {
      toasts.show(t`Could not copy`, { kind: 'error' });
    }
  }

  return (
    <section className="card share-result" aria-labelledby="share-result-title">
      <h2 id="share-result-title">{t`Share created`}</h2>
      <div className="share-result-body">
        <div className="share-links">
          <label className="field">
            <span>{t`Share link`}</span>
            <input
              readOnly
              value={created.url}
              data-testid="share-link"
              onFocus={(e) => e.currentTarget.select()}
            />
          </label>
          <div className="actions">
            <button type="button" className="button primary" onClick={copyLink}>
              {t`Copy link`}
            </button>
            <a className="button" href={created.url} target="_blank" rel="noopener noreferrer">
              {t`Open`}
            </a>
            <a
              className="button"
              href={created.raw_url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="raw-link"
            >
              {t`Raw text`}
            </a>
          </div>
          <p className="muted countdown" aria-live="off" data-testid="link-countdown">
            {paused ? t`The link stays visible.` : t`The link hides in ${left} s.`}{' '}
            <button type="button" className="link-button" onClick={() => setPaused((p) => !p)}>
              {paused ? t`Resume countdown` : t`Keep visible`}
            </button>{' '}
            <button type="button" className="link-button" onClick={onHidden}>
              {t`Hide now`}
            </button>
          </p>
        </div>
        <QrCode value={created.url} />
      </div>
    </section>
  );
}
