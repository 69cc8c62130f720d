/**
 * Finds a request's API route without testing every route's regexp in turn. @koa/router's own
 * dispatch runs all ~75 route regexps on each request and composes a fresh middleware chain for it
 * (about a sixth of a health check's CPU: bench/results/request-profile.md). This table is built once,
 * at start, from the router's public `stack`, and runs the same layers the router would:
 * - a path with no parameters (`/api/health`) maps straight to the layers that match it, worked out at
 *   start with the layers' own `match`;
 * - any other path tries only the layers whose literal start (`/api/paste/` of `/api/paste/:slug`) is
 *   the request's first two segments, in registration order, with the layers' own regexps.
 * A request it finds no route for (404, 405, 501, OPTIONS) goes to the router itself, whose answers
 * stay as they were. The router also remains the registry the OpenAPI route table reads (ADR 0024).
 */
import type Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import compose from 'koa-compose';
import type { RouteStep } from './pipeline.ts';

type Layer = Router['stack'][number];

/** One layer with its middleware composed once. */
interface Route {
  layer: Layer;
  run: (ctx: Context, next: Next) => Promise<unknown>;
}

/** The characters that start a parameter, wildcard, group or escape in a path-to-regexp path. */
const SPECIAL = /[:*{}()[\]?+!\\]/;

/** What a request path is bucketed by: up to its third `/` (`/api/paste`), lower case (routes ignore case). */
function bucketKey(path: string): string {
  const second = path.indexOf('/', 1);
  if (second === -1) return path.toLowerCase();
  const third = path.indexOf('/', second + 1);
  return (third === -1 ? path : path.slice(0, third)).toLowerCase();
}

/** A layer's bucket key, or null when its literal start does not fix the first two segments. */
function layerKey(path: string): string | null {
  const special = path.search(SPECIAL);
  const literal = special === -1 ? path : path.slice(0, special);
  const key = bucketKey(literal);
  // The second segment must end inside the literal (a `/` after it), or the path must be all literal.
  if (special !== -1 && literal.length <= key.length) return null;
  return key.split('/').length === 3 ? key : null;
}

/** What the router sets before a layer's middleware runs (its params, also on `ctx.request`). */
function setParams(ctx: Context, layer: Layer, path: string, captures: string[]): void {
  (ctx as Context & { captures: string[] }).captures = captures;
  ctx.params = layer.params(path, captures, ctx.params);
  (ctx.request as Context['request'] & { params: Record<string, string> }).params = ctx.params;
}

/** The layers' chains in order, as the router runs them when several routes match one path. */
function chainOf(matched: { route: Route; captures: string[] }[], path: string): Middleware {
  return compose(
    matched.flatMap(({ route, captures }) => [
      (ctx: Context, next: Next) => {
        setParams(ctx, route.layer, path, captures);
        return next();
      },
      ...(route.layer.stack as Middleware[]),
    ]),
  );
}

export function routeDispatch(router: Router): RouteStep {
  const routes: Route[] = router.stack.map((layer) => ({
    layer,
    run: compose(layer.stack as Middleware[]) as Route['run'],
  }));
  const buckets = new Map<string, Route[]>();
  const anywhere: Route[] = [];
  for (const route of routes) {
    const key = typeof route.layer.path === 'string' ? layerKey(route.layer.path) : null;
    if (key === null) anywhere.push(route);
    else buckets.set(key, [...(buckets.get(key) ?? []), route]);
  }
  // Each bucket also holds the layers that may match anywhere, keeping the registration order.
  for (const [key, list] of buckets)
    buckets.set(
      key,
      routes.filter((r) => list.includes(r) || anywhere.includes(r)),
    );

  /** Static paths: the routes matching exactly this path, as the router's own match finds them. */
  const exact = new Map<string, Route[]>();
  for (const { layer } of routes) {
    const path = layer.path;
    if (typeof path !== 'string' || SPECIAL.test(path) || exact.has(path)) continue;
    exact.set(
      path,
      routes.filter((r) => r.layer.match(path)),
    );
  }

  const slow = compose([router.routes(), router.allowedMethods()]) as (
    ctx: Context,
    next: Next,
  ) => Promise<unknown>;

  // The table mirrors the router's default dispatch; a router that only serves some hosts or runs one
  // route per request (`host`, `exclusive`) is left to dispatch by itself.
  if (router.opts.host || router.opts.exclusive) return (ctx, _path, next) => slow(ctx, next);

  return function dispatchRoute(ctx: Context, path: string, next: Next) {
    const method = ctx.method;
    const candidates = exact.get(path) ?? buckets.get(bucketKey(path)) ?? anywhere;
    let first: Route | null = null;
    let firstCaptures: string[] = [];
    let more: { route: Route; captures: string[] }[] | null = null;
    let routeFound = false;
    for (const route of candidates) {
      const { layer } = route;
      const found = layer.regexp.exec(path);
      if (!found) continue;
      const isMiddleware = layer.methods.length === 0;
      if (!isMiddleware && !layer.methods.includes(method)) continue;
      if (!isMiddleware) routeFound = true;
      const captures = layer.opts.ignoreCaptures ? [] : found.slice(1);
      if (first === null) {
        first = route;
        firstCaptures = captures;
      } else {
        more ??= [{ route: first, captures: firstCaptures }];
        more.push({ route, captures });
      }
    }
    // No route for this method: the router answers (404 through to the next layer, 405, 501, OPTIONS).
    if (!routeFound || first === null) return slow(ctx, next);
    if (more) return chainOf(more, path)(ctx, next) as Promise<unknown>;
    setParams(ctx, first.layer, path, firstCaptures);
    return first.run(ctx, next);
  };
}
