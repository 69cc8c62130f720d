/**
 * Where a visitor's `path` lands (links.md "Path shares"): relative to the shared folder, `/` its root,
 * checked by the same rules as `/api/fs` (the SDK's parseVirtualPath, after the one percent-decoding the
 * HTTP layer did). `..`, `.`, empty segments, `\`, NUL and control characters are refused with 400, never
 * clamped; the result is joined below the share's path at a segment boundary, so no sibling whose name
 * starts with the folder's (`/m/docs2` beside `/m/docs`) can be named.
 */
import { isAtOrBelow } from '@clip/sdk/contract';
import { normalizeVirtualPath } from '../../fs/paths.ts';
import { badRequest } from '../../http/appError.ts';

/** The share-relative path in canonical form (`/` or `/a/b`); 400 naming the problem otherwise. */
export function shareRelativePath(raw: string | undefined): string {
  if (raw === undefined || raw === '' || raw === '/') return '/';
  // `sub/x` and `/sub/x` name the same place: the share's root is the only root a visitor has.
  return normalizeVirtualPath(raw.startsWith('/') ? raw : `/${raw}`);
}

/** The virtual path a share-relative path names. */
export function insideShare(sharePath: string, relative: string): string {
  const path = relative === '/' ? sharePath : sharePath === '/' ? relative : `${sharePath}${relative}`;
  // Holds by construction; checked so a future change to the join cannot widen a link.
  if (!isAtOrBelow(sharePath, path)) throw badRequest(`path "${relative}" is outside this share`);
  return path;
}

/** A virtual path below the share as the visitor sees it (relative, `/` the root). */
export function asSeenInShare(sharePath: string, path: string): string {
  if (path === sharePath) return '/';
  return sharePath === '/' ? path : path.slice(sharePath.length);
}
