/**
 * Virtual paths (mounts.md "Paths and permission"): `/`-rooted, NFC-normalised, percent-decoded once by
 * the HTTP layer. A path holding an empty, `.` or `..` segment, NUL, `\` or a control character is
 * refused (400) before anything else runs; it is never repaired. A trailing `/` is accepted and dropped:
 * whether a path is a folder comes from storage, never from the slash.
 */
import { FS_PATH_MAX } from '@clip/sdk';
import { badRequest } from '../http/appError.ts';

/** Longest name (one segment), UTF-8 bytes: the usual file-system limit. */
export const MAX_NAME_BYTES = 255;
/** Longest virtual path, UTF-8 bytes: an S3 key holds at most 1024. */
export const MAX_PATH_BYTES = 1024;

/** Why a path is refused, or null when it is well formed (for callers that map errors themselves). */
export function virtualPathProblem(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw === '') return 'path is required';
  if (raw.length > FS_PATH_MAX) return `path is longer than ${FS_PATH_MAX} characters`;
  if (!raw.startsWith('/')) return `path "${raw}" must start with "/"`;
  if (raw.includes('\0')) return 'path must not contain NUL';
  if (raw.includes('\\')) return `path "${raw}" must not contain "\\"`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(raw)) return 'path must not contain control characters';
  const body = raw === '/' ? '' : raw.slice(1).replace(/\/$/, '');
  if (body === '') return null;
  for (const segment of body.split('/')) {
    if (segment === '') return `path "${raw}" has an empty segment`;
    if (segment === '.' || segment === '..') return `path "${raw}" must not contain "${segment}" segments`;
    // What file systems accept for one name, and what fits an S3 key below.
    if (Buffer.byteLength(segment) > MAX_NAME_BYTES)
      return `a name in the path is longer than ${MAX_NAME_BYTES} bytes`;
  }
  if (Buffer.byteLength(raw) > MAX_PATH_BYTES) return `path is longer than ${MAX_PATH_BYTES} bytes`;
  return null;
}

/** The canonical form of a virtual path: NFC, no trailing slash (except `/`). Throws 400 when refused. */
export function normalizeVirtualPath(raw: unknown, field = 'path'): string {
  const problem = virtualPathProblem(raw);
  if (problem) throw badRequest(field === 'path' ? problem : problem.replace(/^path/, field));
  const nfc = (raw as string).normalize('NFC');
  return nfc.length > 1 ? nfc.replace(/\/$/, '') : nfc;
}

/**
 * For callers holding a raw URL path (WebDAV): percent-decodes exactly once, then normalises.
 * `%2e%2e` becomes `..` and is refused; `%252e` stays the literal name `%2e`.
 */
export function decodeVirtualPath(encoded: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    throw badRequest(`path "${encoded}" is not valid percent-encoding`);
  }
  return normalizeVirtualPath(decoded);
}

/** Segments of a normalised path (`/` has none). */
export const segmentsOf = (path: string): string[] => (path === '/' ? [] : path.slice(1).split('/'));

/** The parent folder of a normalised path (`/` is its own parent). */
export function parentPath(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/** The last segment of a normalised path ('' for `/`). */
export const baseNameOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** Joins a normalised folder path and a child name. */
export const joinVirtual = (dir: string, name: string): string =>
  dir === '/' ? `/${name}` : `${dir}/${name}`;

/** True when `path` is `dir` or lies below it, at a segment boundary (`/foo` never covers `/foobar`). */
export function isAtOrBelow(dir: string, path: string): boolean {
  return dir === '/' || path === dir || path.startsWith(`${dir}/`);
}

/** A file or folder name for use inside a path: one segment, same rules as a path segment. */
export function checkName(name: string, what = 'name'): string {
  const nfc = name.normalize('NFC');
  if (nfc === '' || nfc === '.' || nfc === '..' || nfc.includes('/') || virtualPathProblem(`/${nfc}`))
    throw badRequest(`${what} "${name}" is not a valid file name`);
  return nfc;
}
