/** The day key and share kinds of the dashboard's activity counters (share_views_daily; activityStore.ts writes it). */

export type ShareKind = 'text' | 'file';

/** The UTC calendar day of an instant, as stored in share_views_daily.day. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
