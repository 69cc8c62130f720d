/** Spec section 5: a share serves until it expires or its views run out (`max_views = 0`: unlimited). */

export interface Lifetime {
  expires_at: number | null;
  max_views: number;
  views: number;
}

const viewsLeft = (row: Pick<Lifetime, 'max_views' | 'views'>): boolean =>
  row.max_views === 0 || row.views < row.max_views;

export const isExpired = (row: Pick<Lifetime, 'expires_at'>, now: number): boolean =>
  row.expires_at !== null && row.expires_at <= now;

export const isLive = (row: Lifetime, now: number): boolean => viewsLeft(row) && !isExpired(row, now);

/** The same test in SQL, for the conditional UPDATE of a counted view; binds `now` once. */
export const LIVE_SQL = '(max_views = 0 OR views < max_views) AND (expires_at IS NULL OR expires_at > ?)';
