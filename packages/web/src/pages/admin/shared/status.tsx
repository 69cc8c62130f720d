/** The state badges of a share: password, expired or used up, view limit. */
import { Trans, useLingui } from '@lingui/react/macro';
import { formatShortDateTime, isExpired } from './format.ts';

export interface ShareStateLike {
  has_password: boolean;
  expires_at: string | null;
  max_views: number;
  views: number;
  /** File shares: when the sweep removes a used-up share (its last links lapsed; ADR 0003). */
  removed_after?: string | null;
}

export function shareIsDead(share: ShareStateLike, now = Date.now()): boolean {
  return isExpired(share.expires_at, now) || (share.max_views > 0 && share.views >= share.max_views);
}

export function ShareBadges({ share }: { share: ShareStateLike }) {
  const { t } = useLingui();
  const expired = isExpired(share.expires_at);
  const usedUp = share.max_views > 0 && share.views >= share.max_views;
  return (
    <span className="badges">
      {expired ? (
        <span className="badge bad">{t`Expired`}</span>
      ) : usedUp ? (
        <>
          <span className="badge bad">{t`Used up`}</span>
          {share.removed_after && (
            <span className="muted" data-testid="removed-after">
              <RemovedAfter iso={share.removed_after} />
            </span>
          )}
        </>
      ) : (
        <span className="badge ok">{t`Active`}</span>
      )}
      {share.has_password && <span className="badge accent">{t`Password`}</span>}
    </span>
  );
}

/** "removed after <date> <time>": the date and the time each stay whole when the line wraps. */
function RemovedAfter({ iso }: { iso: string }) {
  const [day, time] = formatShortDateTime(iso).split(' ');
  return (
    <Trans>
      removed after <span className="nowrap">{day}</span> <span className="nowrap">{time}</span>
    </Trans>
  );
}
