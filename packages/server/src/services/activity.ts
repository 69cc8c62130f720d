/** The day key and share kinds of the dashboard's activity counters (share_views_daily; activityStore.ts writes it). */

export type ShareKind = 'text' | 'file';

const DAY_MS = 86_400_000;
/** The last day asked for: every counted read asks, and nearly always for the same day as the read before. */
let lastDay = { start: 0, end: 0, key: '' };

/** The UTC calendar day of an instant, as stored in share_views_daily.day. */
export function utcDay(ms: number): string {
  if (ms >= lastDay.start && ms < lastDay.end) return lastDay.key;
  const start = Math.floor(ms / DAY_MS) * DAY_MS;
  lastDay = { start, end: start + DAY_MS, key: new Date(start).toISOString().slice(0, 10) };
  return lastDay.key;
}
