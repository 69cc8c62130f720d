/**
 * `/admin/mounts` (CRUD; PUT also enables/disables) and read-only `/user/mounts`. Keys reach the write
 * routes only to be told (403, spec section 6) that they cannot change mounts.
 */
import { createMountBodySchema, updateMountBodySchema } from '@clip/sdk';
import type Router from '@koa/router';
import { actorOf } from '../../http/auth.ts';
import { checkBody } from '../../http/validate.ts';
import type { RouteDeps } from '../../services/container.ts';

const searchOf = (q: unknown): string | undefined =>
  typeof q === 'string' && q.trim() !== '' ? q.trim().slice(0, 200) : undefined;

export function registerMountRoutes(router: Router, { services, auth }: RouteDeps): void {
  const { mounts } = services;

  router.get('/admin/mounts', auth('admin'), async (ctx) => {
    ctx.body = await mounts.list(actorOf(ctx), { search: searchOf(ctx.query.search) });
  });
  // 'authenticated', so a key learns *why* it cannot (the service answers the spec's 403).
  router.post('/admin/mounts', auth('authenticated'), async (ctx) => {
    const actor = actorOf(ctx);
    if (actor.kind === 'admin') {
      ctx.status = 201;
      ctx.body = await mounts.create(actor, checkBody(createMountBodySchema, ctx.request.body));
    } else ctx.body = await mounts.create(actor, ctx.request.body as never);
  });
  router.get('/admin/mounts/:id', auth('admin'), async (ctx) => {
    ctx.body = await mounts.get(actorOf(ctx), ctx.params.id);
  });
  router.put('/admin/mounts/:id', auth('authenticated'), async (ctx) => {
    const actor = actorOf(ctx);
    const body =
      actor.kind === 'admin'
        ? checkBody(updateMountBodySchema, ctx.request.body)
        : ((ctx.request.body ?? {}) as Record<string, unknown>);
    ctx.body = await mounts.update(actor, ctx.params.id, body);
  });
  router.delete('/admin/mounts/:id', auth('authenticated'), async (ctx) => {
    await mounts.remove(actorOf(ctx), ctx.params.id);
    ctx.body = null;
  });

  router.get('/user/mounts', auth('mount'), async (ctx) => {
    ctx.body = await mounts.list(actorOf(ctx), { search: searchOf(ctx.query.search) });
  });
  router.get('/user/mounts/:id', auth('mount'), async (ctx) => {
    ctx.body = await mounts.get(actorOf(ctx), ctx.params.id);
  });
  // Spec section 6: keys cannot create, change, enable/disable or delete mounts.
  router.post('/user/mounts', auth('authenticated'), async (ctx) => {
    ctx.body = await mounts.create(actorOf(ctx), ctx.request.body as never);
  });
  router.put('/user/mounts/:id', auth('authenticated'), async (ctx) => {
    ctx.body = await mounts.update(
      actorOf(ctx),
      ctx.params.id,
      (ctx.request.body ?? {}) as Record<string, unknown>,
    );
  });
  router.delete('/user/mounts/:id', auth('authenticated'), async (ctx) => {
    await mounts.remove(actorOf(ctx), ctx.params.id);
    ctx.body = null;
  });
}
