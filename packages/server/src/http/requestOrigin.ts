/**
 * The origin links are built on when CLIP_PUBLIC_URL is unset: the one the client asked for (its Host,
 * or behind a trusted proxy, X-Forwarded-Proto and X-Forwarded-Host: Koa's `ctx.origin` with `proxy`),
 * never the address this process listens on. Behind a balancer every process hands out the balancer's
 * address, so a link works whichever process answers it. Kept per request in an AsyncLocalStorage, as
 * the services that build links run far below the route.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from 'koa';

const origins = new AsyncLocalStorage<string>();

/**
 * Runs the rest of the request with its origin remembered: `ctx.protocol` and `ctx.host` (which read the
 * X-Forwarded headers only with `app.proxy`, CLIP_TRUST_PROXY). Without a Host header: nothing, and
 * links fall back to the listening address. Only the string is kept: whatever a request starts that
 * outlives it (a timer, a shared probe) holds this store, and holding the context would keep the request.
 */
export const withRequestOrigin = <T>(ctx: Context, rest: () => Promise<T>): Promise<T> =>
  ctx.host ? origins.run(`${ctx.protocol}://${ctx.host}`, rest) : rest();

/** The origin of the request being served, or `fallback` outside a request (background work). */
export const requestOrigin = (fallback: string): string => origins.getStore() ?? fallback;
