/** Times are stored as epoch milliseconds and sent as ISO 8601 UTC strings. */
export const iso = (ms: number): string => new Date(Number(ms)).toISOString();
export const isoOrNull = (ms: number | null | undefined): string | null =>
  ms === null || ms === undefined ? null : iso(ms);

/** Hours from now (fractions allowed) to an absolute time; 0 or absent means never. */
export function expiryFromHours(hours: number | null | undefined, now: number): number | null {
  if (hours === null || hours === undefined || hours === 0) return null;
  return now + Math.round(hours * 3_600_000);
}
