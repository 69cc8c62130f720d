/** Settings units: the upload limit is stored in MB (the form shows KB, MB or GB); access log days. */
import { ACCESS_LOG_DAYS_MAX } from '@clip/sdk';
export const SIZE_UNITS = { KB: 1 / 1024, MB: 1, GB: 1024 } as const;
export type SizeUnit = keyof typeof SIZE_UNITS;

export function toMegabytes(amount: number, unit: SizeUnit): number {
  return amount * SIZE_UNITS[unit];
}

/** The friendliest unit for a stored MB value: whole GB when it divides, KB under 1 MB, else MB. */
export function fromMegabytes(mb: number): { amount: number; unit: SizeUnit } {
  if (mb >= 1024 && Number.isInteger(mb / 1024)) return { amount: mb / 1024, unit: 'GB' };
  if (mb < 1) return { amount: Math.round(mb * 1024 * 1000) / 1000, unit: 'KB' };
  return { amount: mb, unit: 'MB' };
}

/** Null when fine; else why: spec section 5 "max upload size must be greater than 0". */
export function uploadLimitProblem(
  raw: string,
  unit: SizeUnit,
): 'not-number' | 'not-positive' | 'too-large' | null {
  const amount = Number(raw);
  if (!raw.trim() || !Number.isFinite(amount)) return 'not-number';
  if (amount <= 0) return 'not-positive';
  if (toMegabytes(amount, unit) > 10_000_000) return 'too-large';
  return null;
}

/** The access log's `access_log_days` as typed: whole days from 0 (the log off) to the maximum, or null. */
export function accessLogDays(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const days = Number(text);
  return days <= ACCESS_LOG_DAYS_MAX ? days : null;
}
