/**
 * `/dav` loaded on its first request: the WebDAV handlers and their XML library are a few MiB of
 * memory that a server nobody mounts over WebDAV never needs.
 */
import type { Middleware } from 'koa';
import { DAV_PREFIX } from './paths.ts';

export function davWhenAsked(load: () => Promise<Middleware>): Middleware {
  let dav: Promise<Middleware> | null = null;
  return function davGate(ctx, next) {
    if (ctx.path !== DAV_PREFIX && !ctx.path.startsWith(`${DAV_PREFIX}/`)) return next();
    dav ??= load();
    return dav.then((middleware) => middleware(ctx, next));
  };
}
