/**
 * `/dav` loaded on its first request: the WebDAV handlers and their XML library are a few MiB of
 * memory that a server nobody mounts over WebDAV never needs.
 */
import type { Middleware } from 'koa';
import { DAV_PREFIX } from './paths.ts';

/** True for the paths WebDAV answers (`/dav` and below); `path` is `ctx.path`. */
export function isDavPath(path: string): boolean {
  return (
    path.startsWith(DAV_PREFIX) && (path.length === DAV_PREFIX.length || path[DAV_PREFIX.length] === '/')
  );
}

/** The WebDAV middleware, loaded by `load` on the first call (the request pipeline checks the path). */
export function davWhenAsked(load: () => Promise<Middleware>): Middleware {
  let dav: Promise<Middleware> | null = null;
  return function davGate(ctx, next) {
    dav ??= load();
    return dav.then((middleware) => middleware(ctx, next));
  };
}
