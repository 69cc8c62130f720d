/** Virtual paths (`/s3/photos/a.jpg`) as the CLI handles them, and failures that name the path. */
import { ClipError } from '@clip/sdk';
import { CliError } from '../errors.ts';

/** A virtual path starts with `/`; share links and slugs do not. */
export function isVirtualPath(arg: string): boolean {
  return arg.startsWith('/');
}

/** `/a/b/` -> `/a/b`; `/` stays `/`. */
export function normalizeVirtual(path: string): string {
  if (!isVirtualPath(path)) throw new CliError(`${path}: a mount path starts with / (see \`clip ls /\`)`);
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function joinVirtual(folder: string, name: string): string {
  return folder === '/' ? `/${name}` : `${folder}/${name}`;
}

export function baseName(path: string): string {
  const parts = path.split('/').filter(Boolean);
  return parts[parts.length - 1] ?? '';
}

export function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/** Runs `work`; a failure becomes one line starting with the path it is about. */
export async function onPath<T>(path: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw pathFailure(path, err);
  }
}

/** A failure as one line naming the path it is about, once (the server's message may name it already). */
export function pathFailure(path: string, err: unknown): CliError {
  if (err instanceof CliError && err.message.includes(path)) return err;
  const message = err instanceof Error ? err.message : String(err);
  const exitCode = err instanceof CliError ? err.exitCode : 1;
  return new CliError(message.includes(path) ? message : `${path}: ${message}`, { exitCode, cause: err });
}

export function isNotFound(err: unknown): boolean {
  return err instanceof ClipError && err.status === 404;
}

/** Byte counts the way `ls -lh` shows them. */
export function humanSize(bytes: number | null): string {
  if (bytes === null) return '-';
  const units = ['B', 'K', 'M', 'G', 'T'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value}B` : `${value < 10 ? value.toFixed(1) : Math.round(value)}${units[unit]}`;
}

/** `90`, `30m`, `12h`, `7d` -> seconds. */
export function parseSeconds(raw: string, flag: string): number {
  const match = /^(\d+)\s*([smhd]?)$/.exec(raw.trim().toLowerCase());
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 } as Record<string, number>;
  const seconds = match ? Number(match[1]) * unit[match[2]] : Number.NaN;
  if (!Number.isSafeInteger(seconds) || seconds <= 0)
    throw new CliError(`${flag} must be like 3600, 30m, 12h or 7d (got "${raw}")`);
  return seconds;
}
