/**
 * `/admin/mounts` (CRUD; PUT also enables/disables) and read-only `/user/mounts`. Keys reach the write
 * routes only to be told (403, spec section 6) that they cannot change mounts.
 */
import { createMountBodySchema, updateMountBodySchema } from '@clip/sdk/contract';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { actorOf } from '../../http/auth.ts';
import { checkBody } from '../../http/validate.ts';
import type { RouteDeps } from '../../services/container.ts';
import { mountChangeKind } from '../../services/mountService.ts';
import { requireMountManagement } from '../../services/permissions.ts';

const searchOf = (q: unknown): string | undefined =>
  typeof q === 'string' && q.trim() !== '' ? q.trim().slice(0, 200) : undefined;

export function registerMountRoutes(router: Router, { services, auth }: RouteDeps): void {
  const { mounts } = services;

  router.get('/admin/mounts', auth('admin'), async (ctx) => {
    ctx.body = await mounts.list(actorOf(ctx), { search: searchOf(ctx.query.search) });
  });
  // 'authenticated', so a key learns *why* it cannot (spec section 6): the check runs before validation.
  const create = async (ctx: Context) => {
    const actor = actorOf(ctx);
    requireMountManagement(actor, 'create');
    ctx.status = 201;
    ctx.body = await mounts.create(actor, checkBody(createMountBodySchema, ctx.request.body));
  };
  const update = async (ctx: Context) => {
    const actor = actorOf(ctx);
    requireMountManagement(actor, mountChangeKind(ctx.request.body));
    ctx.body = await mounts.update(actor, ctx.params.id, checkBody(updateMountBodySchema, ctx.request.body));
  };
  const remove = async (ctx: Context) => {
    const actor = actorOf(ctx);
    requireMountManagement(actor, 'delete');
    await mounts.remove(actor, ctx.params.id);
    ctx.body = null;
  };
  router.post('/admin/mounts', auth('authenticated'), create);
  router.get('/admin/mounts/:id', auth('admin'), async (ctx) => {
    ctx.body = await mounts.get(actorOf(ctx), ctx.params.id);
  });
  router.put('/admin/mounts/:id', auth('authenticated'), update);
  router.delete('/admin/mounts/:id', auth('authenticated'), remove);

  router.get('/user/mounts', auth('mount'), async (ctx) => {
    ctx.body = await mounts.list(actorOf(ctx), { search: searchOf(ctx.query.search) });
  });
  router.get('/user/mounts/:id', auth('mount'), async (ctx) => {
    ctx.body = await mounts.get(actorOf(ctx), ctx.params.id);
  });
  // Spec section 6: keys cannot create, change, enable/disable or delete mounts (403 saying so).
  router.post('/user/mounts', auth('authenticated'), create);
  router.put('/user/mounts/:id', auth('authenticated'), update);
  router.delete('/user/mounts/:id', auth('authenticated'), remove);
}
