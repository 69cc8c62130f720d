/**
 * Virtual paths (spec section 5, mounts.md "Paths and permission"): the one normalisation every path goes
 * through before a scope decision, shared by the server (request paths, key basic paths, share folders),
 * the web app (the key form) and the CLI. Pure string functions, no I/O, no Node APIs.
 *
 * Two modes of the same rules. A *request path* is checked strictly: anything odd is refused instead of
 * collapsed, so the path checked is exactly the path used (`/foo/../bar` is refused, never turned into
 * `/bar`). A *scope path* (a key's basic path as typed or stored) is put in canonical form instead: the
 * leading `/` may be missing, `\` counts as `/`, empty and `.` segments go, `..` steps up but never
 * above the root. Both refuse NUL and control characters, put the path in NFC and cap its length.
 */

export const VIRTUAL_PATH_MAX = 1024;

export interface VirtualPathOptions {
  /**
   * Percent-decode once (default true). Pass false for a value that was already decoded once, such as a
   * query-string parameter the server parsed: decoding twice would let `%252e%252e` become `..`.
   */
  decode?: boolean;
  /** Scope mode: canonicalise (`\` as `/`, drop empty and `.` segments, resolve `..`) instead of refusing. */
  resolve?: boolean;
}

export type VirtualPathResult = { ok: true; path: string } | { ok: false; problem: string };

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * `/`-rooted, percent-decoded once, NFC; refused: NUL and other control characters, `\`, empty, `.` and
 * `..` segments (unless `resolve`: scope mode). One trailing `/` is accepted and dropped (whether a path
 * is a folder is storage's business).
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
  if (options.resolve) {
    const out: string[] = [];
    for (const segment of path.replace(/\\/g, '/').split('/')) {
      if (segment === '' || segment === '.') continue;
      if (segment !== '..') out.push(segment);
      else if (out.pop() === undefined) return fail('climbs above the root');
    }
    path = `/${out.join('/')}`;
  }
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

/** True when `path` is `base` or lies below it (both normalised). `/` holds everything; `/foo` never `/foobar`. */
export function isAtOrBelow(base: string, path: string): boolean {
  if (base === '/') return true;
  return path === base || path.startsWith(`${base}/`);
}

/** True when `ancestor` lies strictly above `path` (both normalised): `/` and `/a` are above `/a/b`. */
export function isStrictAncestor(ancestor: string, path: string): boolean {
  return ancestor !== path && isAtOrBelow(ancestor, path);
}

/**
 * The canonical form of a scope path (a key's basic path, as typed in a form or stored): parseVirtualPath
 * in scope mode, nothing percent-decoded. Null when it climbs above the root or holds NUL or control
 * characters.
 */
export function normalizeScopePath(path: string): string | null {
  const result = parseVirtualPath(path, { decode: false, resolve: true });
  return result.ok ? result.path : null;
}

/** True when `path` lies at or below `basePath` (both taken as scope paths); false when either is refused. */
export function isPathWithin(basePath: string, path: string): boolean {
  const base = normalizeScopePath(basePath);
  const target = normalizeScopePath(path);
  return base !== null && target !== null && isAtOrBelow(base, target);
}
