/**
 * `/dav`: WebDAV class 1 and 2 over the file-system service. This dispatcher authenticates, turns the URL
 * into a virtual path, answers macOS metadata probes at once, runs one handler per method and maps errors
 * to bare WebDAV statuses (no JSON envelope). It sits before the API's body parsers: bodies stream.
 */
import type { Context, Next } from 'koa';
import { AppError } from '../http/appError.ts';
import { checkPathAndQuery } from '../http/inputGuard.ts';
import { requirePolicy } from '../services/permissions.ts';
import {
  StorageNotFoundError,
  StoragePathError,
  StorageRangeError,
  StorageSizeError,
} from '../storage/driver.ts';
import { type DavAuthenticate, REALM } from './auth.ts';
import { type DavDeps, type DavHandler, heldLockTokens } from './davRequest.ts';
import { copy, move } from './handlers/copyMove.ts';
import { del } from './handlers/delete.ts';
import { get } from './handlers/get.ts';
import { lock, unlock } from './handlers/lock.ts';
import { mkcol } from './handlers/mkcol.ts';
import { ALLOWED_METHODS, options } from './handlers/options.ts';
import { propfind } from './handlers/propfind.ts';
import { proppatch } from './handlers/proppatch.ts';
import { put } from './handlers/put.ts';
import { DAV_PREFIX, DavStatus, isMetadataName, virtualPath } from './paths.ts';
import { errorBody } from './xml.ts';

const HANDLERS: Record<string, DavHandler> = {
  GET: get,
  HEAD: get,
  PUT: put,
  DELETE: del,
  PROPFIND: propfind,
  PROPPATCH: proppatch,
  MKCOL: mkcol,
  COPY: copy,
  MOVE: move,
  LOCK: lock,
  UNLOCK: unlock,
};

export { createDavAuth } from './auth.ts';
export type { DavEntry, DavFs } from './davFs.ts';
export type { DavDeps } from './davRequest.ts';

function answerError(ctx: Context, err: unknown, deps: DavDeps): void {
  const reqId: string | undefined = ctx.state.requestId;
  let status = 500;
  let message = 'internal error';
  let condition: string | null = null;
  if (err instanceof DavStatus) {
    status = err.status;
    message = err.message;
    condition = err.condition;
  } else if (err instanceof AppError) {
    status = err.status;
    message = err.message;
    // A lock met by the fs service itself (the handler's own check passed: another process locked meanwhile).
    if (status === 423) condition = 'lock-token-submitted';
    for (const [k, v] of Object.entries(err.headers)) ctx.set(k, v);
    // What failed underneath (errno text, server paths) goes to the log only, as for /api.
    if (err.detail !== undefined)
      deps.logger.error({ err: err.detail, reqId, message: err.message }, 'upstream failure');
  } else if (err instanceof StorageNotFoundError) {
    status = 404;
    message = err.message;
  } else if (err instanceof StorageSizeError || err instanceof StoragePathError) {
    status = 400;
    message = err.message;
  } else if (err instanceof StorageRangeError) {
    status = 416;
    message = err.message;
  } else {
    deps.logger.error({ err, reqId, method: ctx.method, path: ctx.path }, 'webdav request failed');
  }
  // A server-side failure names the request id, so a report can be matched with the log.
  if (status >= 500 && reqId) message = `${message} (request id ${reqId})`;
  if (status === 401) ctx.set('WWW-Authenticate', `Basic realm="${REALM}", charset="UTF-8"`);
  ctx.status = status;
  if (condition) {
    ctx.type = 'application/xml; charset=utf-8';
    ctx.body = errorBody(condition);
  } else {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = `${message}\n`;
  }
}

export function davMiddleware(deps: DavDeps, authenticate: DavAuthenticate) {
  return async function dav(ctx: Context, next: Next): Promise<void> {
    if (ctx.path !== DAV_PREFIX && !ctx.path.startsWith(`${DAV_PREFIX}/`)) return next();
    ctx.set('DAV', '1, 2');
    if (ctx.method === 'OPTIONS') return options(ctx);
    try {
      const actor = await authenticate(ctx.get('authorization') || undefined, ctx.ip);
      requirePolicy(actor, 'mount');
      // The input /api refuses is refused here too (XML bodies: xml.ts).
      checkPathAndQuery(ctx.path, ctx.querystring);
      // Koa's ctx.path drops a fragment; one in the request line is refused rather than ignored.
      const path = virtualPath(ctx.originalUrl.includes('#') ? `${ctx.path}#` : ctx.path);
      const handler = HANDLERS[ctx.method];
      if (!handler) {
        ctx.set('Allow', ALLOWED_METHODS);
        throw new DavStatus(405, `${ctx.method} is not supported here`);
      }
      // Finder's resource forks and indexes: never stored, so no storage call to say so.
      if (isMetadataName(path)) throw new DavStatus(404, 'not found');
      // The actor's own lock tokens in the If header let the fs service write what those locks cover.
      const heldTokens = await heldLockTokens(ctx, deps.locks, actor);
      const withTokens = heldTokens.size ? { ...deps, fs: deps.fsWithTokens(heldTokens) } : deps;
      await handler({ ctx, actor, path, heldTokens, deps: withTokens });
    } catch (err) {
      // Drain what the client is still sending, so it reads our answer instead of a reset.
      if (!ctx.req.complete) ctx.req.resume();
      answerError(ctx, err, deps);
    }
  };
}
