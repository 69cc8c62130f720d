/** Display formatting for the admin tables: sizes in binary units, dates in the interface language. */
import { formatBytes as formatBinaryBytes } from '@clip/sdk';

/** The one size formatter (the SDK's, binary units labelled KiB/MiB), with a dash for no value. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—';
  return formatBinaryBytes(Math.max(0, bytes));
}

/** A size unit key counted in powers of 1024 ('KB', 'MB') as it is labelled: 'KiB', 'MiB'. */
export const binaryUnitLabel = (unit: string): string => unit.replace(/^([KMGTP])B$/, '$1iB');

/** The upload limit, stored in MiB, as a size label ("100.0 MiB"). */
export const formatMegabytes = (mb: number): string => formatBytes(mb * 1024 * 1024);

const intlLocale = (locale: string) => (locale === 'zh' ? 'zh-CN' : 'en');

export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** "in 3 days", "2 hours ago": how far an instant is from now, in the interface language. */
export function formatRelative(iso: string | null | undefined, locale: string, now = Date.now()): string {
  if (!iso) return '—';
  const diff = Date.parse(iso) - now;
  if (Number.isNaN(diff)) return '—';
  const rtf = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' });
  const abs = Math.abs(diff);
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 86_400_000],
    ['month', 30 * 86_400_000],
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ];
  for (const [unit, ms] of steps) if (abs >= ms) return rtf.format(Math.round(diff / ms), unit);
  return rtf.format(Math.round(diff / 1000), 'second');
}

/** A short day label ("Mon 3/4", "3月4日 周一") for an ISO date 'YYYY-MM-DD' (a UTC day). */
export function formatDay(date: string, locale: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return new Intl.DateTimeFormat(intlLocale(locale), {
    timeZone: 'UTC',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
  }).format(d);
}

export const isExpired = (expiresAt: string | null, now = Date.now()): boolean =>
  expiresAt !== null && Date.parse(expiresAt) <= now;

/** The absolute link for a path the server answered ('/paste/x') or a full URL. */
export function absoluteUrl(link: string): string {
  try {
    return new URL(link, window.location.origin).toString();
  } catch {
    return link;
  }
}

/** Compact local date and time for table cells ("2026-11-22 11:19"). */
export function formatShortDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
