/**
 * Virtual paths of the file system (mounts.md "Paths and permission"): `/`-rooted, NFC-normalised,
 * percent-decoded once by the HTTP layer. A path holding an empty, `.` or `..` segment, NUL, `\` or a
 * control character is refused (400) before anything else runs; it is never repaired. A trailing `/` is
 * accepted and dropped: whether a path is a folder comes from storage, never from the slash.
 */
import { FS_PATH_MAX, parseVirtualPath } from '@clip/sdk/contract';
import { badRequest } from '../http/appError.ts';

/** Longest name (one segment), UTF-8 bytes: the usual file-system limit. */
export const MAX_NAME_BYTES = 255;
/** Longest virtual path, UTF-8 bytes: an S3 key holds at most 1024. */
export const MAX_PATH_BYTES = 1024;

/**
 * Why a path is refused, or null when it is well formed (for callers that map errors themselves). The
 * structural rules are the SDK's parseVirtualPath (the one implementation, shared with permissions, the
 * web app and the CLI; the HTTP layer already decoded the path once); on top, what storage can hold.
 */
export function virtualPathProblem(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw === '') return 'path is required';
  if (raw.length > FS_PATH_MAX) return `path is longer than ${FS_PATH_MAX} characters`;
  if (Buffer.byteLength(raw) > MAX_PATH_BYTES) return `path is longer than ${MAX_PATH_BYTES} bytes`;
  const parsed = parseVirtualPath(raw, { decode: false });
  if (!parsed.ok)
    // A path holding NUL or control characters is not echoed back.
    return /NUL|control/.test(parsed.problem) ? `path ${parsed.problem}` : `path "${raw}" ${parsed.problem}`;
  // What file systems accept for one name, and what fits an S3 key.
  if (segmentsOf(parsed.path).some((segment) => Buffer.byteLength(segment) > MAX_NAME_BYTES))
    return `a name in the path is longer than ${MAX_NAME_BYTES} bytes`;
  return null;
}

/** The canonical form of a virtual path: NFC, no trailing slash (except `/`). Throws 400 when refused. */
export function normalizeVirtualPath(raw: unknown, field = 'path'): string {
  const problem = virtualPathProblem(raw);
  if (problem) throw badRequest(field === 'path' ? problem : problem.replace(/^path/, field));
  return (parseVirtualPath(raw as string, { decode: false }) as { path: string }).path;
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
export { isAtOrBelow } from '@clip/sdk/contract';

/** A file or folder name for use inside a path: one segment, same rules as a path segment. */
export function checkName(name: string, what = 'name'): string {
  const nfc = name.normalize('NFC');
  if (nfc === '' || nfc === '.' || nfc === '..' || nfc.includes('/') || virtualPathProblem(`/${nfc}`))
    throw badRequest(`${what} "${name}" is not a valid file name`);
  return nfc;
}
