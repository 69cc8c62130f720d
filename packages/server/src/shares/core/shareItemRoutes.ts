/**
 * The routes on one share that every kind's management has alike: `GET`, `PUT` and `DELETE <prefix>/:id`,
 * each as the caller's actor (which shares it reaches is the service's call).
 */
import type Router from '@koa/router';
import type { JSONSchemaType } from 'ajv';
import type { Middleware } from 'koa';
import { actorOf } from '../../http/auth.ts';
import { checkBody } from '../../http/validate.ts';
import type { Actor } from '../../services/actor.ts';

export interface ShareItems<U> {
  get(actor: Actor, id: string): Promise<unknown>;
  update(actor: Actor, id: string, body: U): Promise<unknown>;
  remove(actor: Actor, id: string): Promise<unknown>;
}

export function registerShareItemRoutes<U>(
  router: Router,
  prefix: string,
  shares: ShareItems<U>,
  updateBodySchema: JSONSchemaType<U>,
  /** Auth first; the update's body parser after it where the kind has its own (a text share's). */
  guards: { auth: Middleware; updateBody?: Middleware },
): void {
  const { auth } = guards;
  const updateGuards = guards.updateBody ? [auth, guards.updateBody] : [auth];
  router.get(`${prefix}/:id`, auth, async (ctx) => {
    ctx.body = await shares.get(actorOf(ctx), ctx.params.id);
  });
  router.put(`${prefix}/:id`, ...updateGuards, async (ctx) => {
    ctx.body = await shares.update(
      actorOf(ctx),
      ctx.params.id,
      checkBody(updateBodySchema, ctx.request.body),
    );
  });
  router.delete(`${prefix}/:id`, auth, async (ctx) => {
    await shares.remove(actorOf(ctx), ctx.params.id);
    ctx.body = null;
  });
}
