/**
 * Who is visiting a share, as a route sees it: the client's address (ctx.ip already follows
 * CLIP_TRUST_PROXY, app.ts), its user agent, and the actor its credentials name (anonymous without).
 * Services take this plain value, never the request context.
 */
import type { Context } from 'koa';
import { actorOf } from '../../../http/auth.ts';
import type { Actor } from '../../../services/actor.ts';

export interface Visit {
  ip: string;
  userAgent: string | null;
  actor: Actor;
}

export function visitOf(ctx: Context): Visit {
  return { ip: ctx.ip, userAgent: ctx.get('user-agent') || null, actor: actorOf(ctx) };
}
