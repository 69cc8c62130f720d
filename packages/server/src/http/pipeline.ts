/**
 * What every request goes through, as one Koa middleware: its id and log line (at debug for the web
 * app's files, at info for everything else), the hand-off of `/dav`
 * to WebDAV, the envelope and error answers, the JSON body parser, the input guard and the route. As
 * seven `app.use` layers this cost a promise, a bound dispatch and a URL getter per layer and request
 * (bench/results/request-profile.md); here the path is read once and each step is a plain call, in
 * the same order as before (ADR 0024).
 */
import { randomUUID } from 'node:crypto';
import type { Context, Middleware, Next } from 'koa';
import type { Logger } from 'pino';
import { isDavPath } from '../webdav/lazy.ts';
import { answerEnveloped } from './envelope.ts';
import { guardApiInput } from './inputGuard.ts';
import { withRequestOrigin } from './requestOrigin.ts';

/** Finds and runs the route for `path` (`ctx.path`): http/routeDispatch.ts. */
export type RouteStep = (ctx: Context, path: string, next: Next) => Promise<unknown>;

export interface PipelineSteps {
  logger: Logger;
  /** WebDAV: answers bare statuses and streams bodies, so it runs before the envelope and the body parser. */
  dav: Middleware;
  /** The global JSON body parser (http/jsonBody.ts). */
  body: Middleware;
  route: RouteStep;
  /** Whether links are made on the origin each request came to (no CLIP_PUBLIC_URL): http/requestOrigin.ts. */
  rememberOrigin: boolean;
}

/** The methods the JSON body parser reads a body for (@koa/bodyparser's `parsedMethods`); others skip it. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

const isApiPath = (path: string) => path.startsWith('/api') && (path.length === 4 || path[4] === '/');

export function requestPipeline({ logger, dav, body, route, rememberOrigin }: PipelineSteps): Middleware {
  /** The input guard (for `/api`), then the route; `next` is what follows the pipeline (the web app). */
  function guardedRoute(ctx: Context, path: string, isApi: boolean, next: Next): Promise<unknown> {
    if (isApi) guardApiInput(ctx, path);
    return route(ctx, path, next);
  }

  async function afterEnvelope(ctx: Context, path: string, isApi: boolean, next: Next): Promise<unknown> {
    if (!BODY_METHODS.has(ctx.method)) return guardedRoute(ctx, path, isApi, next);
    return body(ctx, () => guardedRoute(ctx, path, isApi, next));
  }

  function answer(ctx: Context, path: string, next: Next): Promise<unknown> {
    if (isDavPath(path)) return dav(ctx, next);
    const isApi = isApiPath(path);
    return answerEnveloped(ctx, isApi, logger, afterEnvelope(ctx, path, isApi, next));
  }

  return async function pipeline(ctx: Context, next: Next): Promise<void> {
    const started = performance.now();
    const requestId = randomUUID();
    ctx.state.requestId = requestId;
    // Node's own setter: Koa's `ctx.set` builds entry arrays for one header (no headers are sent yet).
    ctx.res.setHeader('X-Request-Id', requestId);
    const path = ctx.path;
    try {
      await (rememberOrigin
        ? withRequestOrigin(ctx, () => answer(ctx, path, next))
        : answer(ctx, path, next));
    } finally {
      // One page view fetches tens of files: their lines would bury everything else at info.
      const level = ctx.state.webAsset === true && ctx.status < 400 ? 'debug' : 'info';
      logger[level](
        {
          reqId: requestId,
          method: ctx.method,
          path,
          status: ctx.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  };
}
