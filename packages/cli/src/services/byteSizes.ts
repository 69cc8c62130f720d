/** Sizes the CLI accepts (`500k`, `10MB`, `1.5GiB`, a bare number of bytes) as a number of bytes. */
import { CliError } from '../errors.ts';

const UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

/** Binary units whichever way they are written: `10M`, `10MB` and `10MiB` are all 10 × 1024². */
export function parseByteSize(raw: string, flag: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?$/i.exec(raw.trim());
  const bytes = match ? Math.floor(Number(match[1]) * UNITS[match[2].toLowerCase()]) : Number.NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1)
    throw new CliError(`${flag} must be a size like 500k, 10MB or 2GiB (got "${raw}")`);
  return bytes;
}
