/**
 * Virtual paths (mounts.md "Paths and permission"): the one normalisation every path a caller supplies
 * goes through before any permission decision (share folders today, file-system and WebDAV paths next).
 * Pure functions, no I/O. Refusing what is odd (instead of collapsing it) means the path checked is
 * exactly the path used: `/foo/../bar` is refused, never silently turned into `/bar`.
 */
import { badRequest } from '../http/appError.ts';

export const VIRTUAL_PATH_MAX = 1024;

export interface VirtualPathOptions {
  /**
   * Percent-decode once (default true). Pass false for a value that was already decoded once, such as a
   * query-string parameter Koa parsed: decoding twice would let `%252e%252e` become `..`.
   */
  decode?: boolean;
}

export type VirtualPathResult = { ok: true; path: string } | { ok: false; problem: string };

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * `/`-rooted, percent-decoded once, NFC; refused: NUL and other control characters, `\`, empty, `.` and
 * `..` segments. One trailing `/` is accepted and dropped (whether a path is a folder is storage's business).
 */
export function parseVirtualPath(raw: string, options: VirtualPathOptions = {}): VirtualPathResult {
  const fail = (problem: string): VirtualPathResult => ({ ok: false, problem });
  if (typeof raw !== 'string') return fail('must be a string');
  let path = raw;
  if (options.decode !== false && path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return fail('has a malformed percent-escape');
    }
  }
  if (path.includes('\0')) return fail('must not contain NUL characters');
  if (CONTROL.test(path)) return fail('must not contain control characters');
  if (path.includes('\\')) return fail('must not contain "\\"');
  path = path.normalize('NFC');
  if (!path.startsWith('/')) return fail('must start with "/"');
  if (path.length > VIRTUAL_PATH_MAX) return fail(`must be at most ${VIRTUAL_PATH_MAX} characters`);
  if (path === '/') return { ok: true, path };
  if (path.endsWith('/')) path = path.slice(0, -1);
  for (const segment of path.slice(1).split('/')) {
    if (segment === '') return fail('must not contain an empty segment ("//")');
    if (segment === '.' || segment === '..')
      return fail(`must not contain a "${segment}" segment (a path never climbs out of its root)`);
  }
  return { ok: true, path };
}

/** parseVirtualPath, throwing 400 with `field` named in the message. */
export function normalizeVirtualPath(
  raw: string,
  options: VirtualPathOptions & { field?: string } = {},
): string {
  const result = parseVirtualPath(raw, options);
  if (!result.ok) throw badRequest(`${options.field ?? 'path'} ${result.problem}`);
  return result.path;
}

/** True when `path` is `base` or lies below it (both normalised). `/` holds everything; `/foo` never `/foobar`. */
export function isAtOrBelow(base: string, path: string): boolean {
  if (base === '/') return true;
  return path === base || path.startsWith(`${base}/`);
}

/** True when `ancestor` lies strictly above `path` (both normalised): `/` and `/a` are above `/a/b`. */
export function isStrictAncestor(ancestor: string, path: string): boolean {
  return ancestor !== path && isAtOrBelow(ancestor, path);
}
