import { updateSystemSettingsBodySchema } from '@clip/sdk/contract';
import type Router from '@koa/router';
import { pingDatabase } from '../../db/healthProbe.ts';
import { checkBody } from '../../http/validate.ts';
import type { RouteDeps } from '../../services/container.ts';
import { VERSION } from '../../version.ts';
import { sharedProbe } from './sharedProbe.ts';

export function registerSystemRoutes(router: Router, { services, auth }: RouteDeps): void {
  const { settings, db } = services;
  const probeDatabase = sharedProbe(() => pingDatabase(db.hot));

  router.get('/health', async (ctx) => {
    await probeDatabase();
    ctx.body = { status: 'ok', database: 'ok' };
  });
  router.get('/version', (ctx) => {
    ctx.body = { name: 'clip', version: VERSION };
  });
  router.get('/admin/system-settings', auth('admin'), async (ctx) => {
    ctx.body = await settings.get();
  });
  router.put('/admin/system-settings', auth('admin'), async (ctx) => {
    ctx.body = await settings.update(checkBody(updateSystemSettingsBodySchema, ctx.request.body));
  });
  router.get('/system/max-upload-size', async (ctx) => {
    ctx.body = { max_upload_size: (await settings.get()).max_upload_size };
  });
}
