/** `/s3-configs`: storage configs. Reading is open to any signed-in caller (keys see public ones); changing is admin-only. */
import {
  createStorageConfigBodySchema,
  storageFolderQuerySchema,
  updateStorageConfigBodySchema,
} from '@clip/sdk/contract';
import type Router from '@koa/router';
import { actorOf } from '../../http/auth.ts';
import { checkBody, checkQuery } from '../../http/validate.ts';
import type { RouteDeps } from '../../services/container.ts';

export function registerStorageConfigRoutes(router: Router, { services, auth }: RouteDeps): void {
  const { storageConfigs } = services;
  router.get('/s3-configs', auth('authenticated'), async (ctx) => {
    ctx.body = await storageConfigs.list(actorOf(ctx));
  });
  router.post('/s3-configs', auth('admin'), async (ctx) => {
    ctx.status = 201;
    ctx.body = await storageConfigs.create(checkBody(createStorageConfigBodySchema, ctx.request.body));
  });
  router.get('/s3-configs/:id', auth('authenticated'), async (ctx) => {
    ctx.body = await storageConfigs.get(actorOf(ctx), ctx.params.id);
  });
  router.put('/s3-configs/:id', auth('admin'), async (ctx) => {
    ctx.body = await storageConfigs.update(
      ctx.params.id,
      checkBody(updateStorageConfigBodySchema, ctx.request.body),
    );
  });
  router.delete('/s3-configs/:id', auth('admin'), async (ctx) => {
    await storageConfigs.remove(ctx.params.id);
    ctx.body = null;
  });
  router.put('/s3-configs/:id/set-default', auth('admin'), async (ctx) => {
    ctx.body = await storageConfigs.setDefault(ctx.params.id);
  });
  // Admin only: folder names inside a storage are the admin's to see (a key sees mounts, not storages).
  router.get('/s3-configs/:id/folders', auth('admin'), async (ctx) => {
    const { path } = checkQuery(storageFolderQuerySchema, ctx.query);
    ctx.body = await storageConfigs.folders(ctx.params.id, path ?? '');
  });
  router.post('/s3-configs/:id/test', auth('admin'), async (ctx) => {
    ctx.body = await storageConfigs.test(ctx.params.id);
  });
}
