/** Parses the expiry forms the CLI accepts into what the API wants. */
import { CliError } from '../errors.ts';

const UNIT_HOURS: Record<string, number> = { h: 1, d: 24, w: 24 * 7 };

/**
 * A text share's expiry: `1h`, `1d`, `7d`, `30d`, `2w`, `never`, or a bare number of hours.
 * Answers hours for `expires_in` (fractions allowed), or undefined for never.
 */
export function parseShareExpiry(raw: string): number | undefined {
  const value = raw.trim().toLowerCase();
  if (value === 'never') return undefined;
  // 0 hours is no lifetime at all; some tools mean "never" by it: neither is guessed.
  if (/^0+(\.0+)?\s*[hdw]?$/.test(value))
    throw new CliError(`--expire ${raw} would end the share at once: use never for no expiry`);
  const match = /^(\d+(?:\.\d+)?)\s*([hdw]?)$/.exec(value);
  const hours = match ? Number(match[1]) * UNIT_HOURS[match[2] || 'h'] : Number.NaN;
  if (!Number.isFinite(hours) || hours <= 0)
    throw new CliError(`--expire must be like 1h, 1d, 7d, 30d, never or a number of hours (got "${raw}")`);
  return hours;
}

/**
 * An API key's expiry: `1d`, `7d`, `30d`, `never`, or a bare number of days.
 * Answers the ISO expiry time, or null for never.
 */
export function parseKeyExpiry(raw: string, now: number = Date.now()): string | null {
  const value = raw.trim().toLowerCase();
  if (value === 'never') return null;
  const match = /^(\d+(?:\.\d+)?)\s*d?$/.exec(value);
  const days = match ? Number(match[1]) : Number.NaN;
  if (!Number.isFinite(days) || days <= 0)
    throw new CliError(`--expires must be like 1d, 7d, 30d, never or a number of days (got "${raw}")`);
  return new Date(now + days * 86_400_000).toISOString();
}

export function parseCount(raw: string, flag: string): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n))
    throw new CliError(`${flag} must be a whole number of 0 or more (got "${raw}")`);
  return n;
}
