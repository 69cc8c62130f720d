/**
 * An ISO time as `YYYY-MM-DD HH:MM` in UTC, or a fallback for null. Apart from table.ts, whose
 * display-width tables a command printing no table should not load.
 */
export function shortTime(iso: string | null | undefined, fallback = '-'): string {
  if (!iso) return fallback;
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}
