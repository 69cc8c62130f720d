import { createApiKeyBodySchema, idsBodySchema, updateApiKeyBodySchema } from '@clip/sdk/contract';
import type Router from '@koa/router';
import { checkBody } from '../../http/validate.ts';
import type { RouteDeps } from '../../services/container.ts';

export function registerApiKeyRoutes(router: Router, { services, auth }: RouteDeps): void {
  const { apiKeys } = services;
  router.get('/admin/api-keys', auth('admin'), async (ctx) => {
    ctx.body = await apiKeys.list();
  });
  router.post('/admin/api-keys', auth('admin'), async (ctx) => {
    ctx.status = 201;
    ctx.body = await apiKeys.create(checkBody(createApiKeyBodySchema, ctx.request.body));
  });
  router.post('/admin/api-keys/batch-delete', auth('admin'), async (ctx) => {
    ctx.body = await apiKeys.batchDelete(checkBody(idsBodySchema, ctx.request.body).ids);
  });
  router.put('/admin/api-keys/:id', auth('admin'), async (ctx) => {
    ctx.body = await apiKeys.update(ctx.params.id, checkBody(updateApiKeyBodySchema, ctx.request.body));
  });
  router.delete('/admin/api-keys/:id', auth('admin'), async (ctx) => {
    await apiKeys.remove(ctx.params.id);
    ctx.body = null;
  });
}
