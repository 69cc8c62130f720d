/**
 * JSON request bodies. Every route gets a small limit, enforced before any route (and so before auth)
 * runs: nobody can make the server buffer megabytes without a credential. The routes that take a whole
 * text share (create and update) skip the global parser and parse their own body with the text size
 * limit, after their auth layer has accepted the caller.
 */
import { bodyParser } from '@koa/bodyparser';
import type { Context, Middleware, Next } from 'koa';

/** Enough for any settings, ids or path list; text-share bodies have their own limit. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** Routes whose JSON body is a text share: parsed by `largeJsonBody` after auth, never by the global parser. */
const LARGE_BODY_ROUTES: { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/api\/paste\/?$/ },
  { method: 'PUT', path: /^\/api\/(admin|user)\/pastes\/[^/]+\/?$/ },
];

const isLargeBodyRoute = (ctx: Context) =>
  LARGE_BODY_ROUTES.some((r) => r.method === ctx.method && r.path.test(ctx.path));

/** The global parser: small limit; leaves the text-share routes to `largeJsonBody`. */
export function smallJsonBody(): Middleware {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: JSON_BODY_LIMIT_BYTES, encoding: 'utf-8' });
  return (ctx: Context, next: Next) => (isLargeBodyRoute(ctx) ? next() : parse(ctx, next));
}

/** Route middleware for text-share bodies (after auth): up to `limitBytes`. */
export function largeJsonBody(limitBytes: number): Middleware {
  return bodyParser({ enableTypes: ['json'], jsonLimit: limitBytes, encoding: 'utf-8' });
}
