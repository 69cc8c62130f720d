import type { PasteCreated } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { QrCode } from '../../components/QrCode.tsx';
import { useCopyToast } from '../../shell/useCopyToast.ts';
import { formatDateTime } from '../admin/shared/format.ts';
import { useOwnerRawUrl } from '../share/useOwnerRawUrl.ts';

/** Seconds the new share's link stays on screen (spec section 2: hidden after a countdown). */
export const LINK_VISIBLE_SECONDS = 30;

/**
 * The share just created: link, copy, raw link, QR code, and a summary of what was set (password,
 * revealable once; expiry; view limit); hidden when the countdown ends. The creator's own Open and Raw
 * text count no view (the new tab sends the signed-in credentials; the raw link carries an owner token),
 * and with a view limit the card says so next to those buttons.
 */
export function ShareResult({
  created,
  password,
  onHidden,
}: {
  created: PasteCreated;
  /** The password just set ('' for none): the server keeps only a hash, so this is the one chance to see it. */
  password: string;
  onHidden: () => void;
}) {
  const { t, i18n } = useLingui();
  const [passwordShown, setPasswordShown] = useState<'hidden' | 'shown' | 'gone'>('hidden');
  const copy = useCopyToast();
  const [left, setLeft] = useState(LINK_VISIBLE_SECONDS);
  const [paused, setPaused] = useState(false);
  const rawUrl = useOwnerRawUrl(created.slug);

  useEffect(() => {
    if (paused) return;
    if (left <= 0) {
      onHidden();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, paused, onHidden]);

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
            <button
              type="button"
              className="button primary"
              onClick={() => copy(created.url, t`Link copied`)}
            >
              {t`Copy link`}
            </button>
            <a className="button" href={created.url} target="_blank" rel="noopener noreferrer">
              {t`Open`}
            </a>
            {rawUrl ? (
              <a
                className="button"
                href={rawUrl}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="raw-link"
              >
                {t`Raw text`}
              </a>
            ) : (
              <button type="button" className="button" disabled>
                {t`Raw text`}
              </button>
            )}
          </div>
          {created.max_views > 0 && (
            <p className="notice" role="note" data-testid="views-note">
              {created.max_views === 1
                ? t`Your own Open and Raw text count no view; the first reader uses the only view, and after that nobody can read it.`
                : t`Your own Open and Raw text count no view; each reader uses one of its ${created.max_views} views.`}
            </p>
          )}
          <dl className="share-summary" data-testid="share-summary">
            <dt>{t`Password`}</dt>
            <dd data-testid="summary-password">
              {!password ? (
                t`None`
              ) : passwordShown === 'shown' ? (
                <>
                  <code>{password}</code>{' '}
                  <button type="button" className="link-button" onClick={() => setPasswordShown('gone')}>
                    {t`Hide`}
                  </button>
                </>
              ) : passwordShown === 'hidden' ? (
                <>
                  {t`Set`}{' '}
                  <button type="button" className="link-button" onClick={() => setPasswordShown('shown')}>
                    {t`Show once`}
                  </button>
                </>
              ) : (
                t`Set (no longer shown)`
              )}
            </dd>
            <dt>{t`Expires`}</dt>
            <dd data-testid="summary-expiry">
              {created.expires_at ? formatDateTime(created.expires_at, i18n.locale) : t`Never`}
            </dd>
            <dt>{t`Views`}</dt>
            <dd data-testid="summary-views">
              {created.max_views > 0 ? t`At most ${created.max_views}` : t`No limit`}
            </dd>
          </dl>
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
