/** Request URL <-> virtual path for `/dav`, and the names WebDAV clients probe that never exist. */
import { badRequest } from '../http/appError.ts';

export const DAV_PREFIX = '/dav';

/**
 * The virtual path of a request path (`/dav/m/a%20b/` -> `/m/a b`): percent-decoded once, NFC.
 * Empty, `.` and `..` segments, NUL, `\` and control characters are refused (400), so nothing
 * decoded here (`%2e%2e`, `%2F`) can climb out of where the permission check looks.
 */
export function virtualPath(rawPath: string): string {
  const rest = rawPath.slice(DAV_PREFIX.length);
  // A fragment never belongs in a request line: acting on the path without it could delete the wrong thing.
  if (rest.includes('#')) throw badRequest('the request URI must not carry a fragment');
  const segments = rest.split('/').filter((s, i, all) => !(s === '' && (i === 0 || i === all.length - 1)));
  const decoded = segments.map((segment) => {
    let s: string;
    try {
      s = decodeURIComponent(segment);
    } catch {
      throw badRequest(`path segment "${segment}" is not valid percent-encoding`);
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    if (s === '' || s === '.' || s === '..' || /[\\/\u0000-\u001f\u007f]/.test(s))
      throw badRequest(`path segment "${segment}" is not allowed`);
    return s.normalize('NFC');
  });
  return `/${decoded.join('/')}`;
}

/** The href of a virtual path, each segment percent-encoded; collections end with `/`. */
export function hrefOf(path: string, isCollection: boolean): string {
  const encoded = path
    .split('/')
    .filter(Boolean)
    .map((s) => encodeURIComponent(s))
    .join('/');
  const href = encoded ? `${DAV_PREFIX}/${encoded}` : `${DAV_PREFIX}`;
  return isCollection ? `${href}/` : href;
}

export function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** `/a/b` is `/a/b` or below it. */
export function isWithin(base: string, path: string): boolean {
  return base === '/' || path === base || path.startsWith(`${base}/`);
}

/** Files Finder and friends look for on every folder; they are never stored, so answer 404 at once. */
const METADATA_NAMES = new Set([
  '.DS_Store',
  '.Spotlight-V100',
  '.Trashes',
  '.fseventsd',
  '.TemporaryItems',
  '.metadata_never_index',
  '.metadata_never_index_unless_rootfs',
  '.metadata_direct_scope_only',
  '.ql_disablethumbnails',
  '.ql_disablecache',
]);

export function isMetadataName(path: string): boolean {
  const name = baseName(path);
  return name.startsWith('._') || METADATA_NAMES.has(name);
}

/**
 * The Destination header's virtual path: an absolute path under `/dav`, or an absolute URL on this
 * server (its host one of `ownHosts`). Another server's URL is 502 (RFC 4918 9.8.5): copying it here
 * would write something the client meant to go elsewhere.
 */
export function destinationPath(header: string | undefined, ownHosts: string[]): string {
  if (!header) throw badRequest('the Destination header is missing');
  let url: URL;
  try {
    url = new URL(header, 'http://destination.invalid');
  } catch {
    throw badRequest('the Destination header is not a URL');
  }
  if (URL.canParse(header) || header.startsWith('//')) {
    // Hosts compared as URLs do: `h:80` is `h` over http.
    const ours = ownHosts.some(
      (h) => URL.canParse(`${url.protocol}//${h}`) && new URL(`${url.protocol}//${h}`).host === url.host,
    );
    if (!ours) throw new DavStatus(502, `the destination's host ${url.host} is another server`);
  }
  if (url.pathname !== DAV_PREFIX && !url.pathname.startsWith(`${DAV_PREFIX}/`))
    throw new DavStatus(502, 'the destination is not on this WebDAV server');
  return virtualPath(url.pathname);
}

/** A WebDAV status with no JSON envelope: handlers throw it, the dispatcher answers it. */
export class DavStatus extends Error {
  readonly status: number;
  /** An RFC 4918 precondition element name (DAV: namespace) for the error body. */
  readonly condition: string | null;
  constructor(status: number, message: string, condition: string | null = null) {
    super(message);
    this.status = status;
    this.condition = condition;
  }
}
