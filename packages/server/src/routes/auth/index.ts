import { changePasswordBodySchema, loginBodySchema } from '@clip/sdk/contract';
import type Router from '@koa/router';
import { actorOf, readCredentials } from '../../http/auth.ts';
import { checkBody } from '../../http/validate.ts';
import type { RouteDeps } from '../../services/container.ts';

export function registerAuthRoutes(router: Router, { services, auth }: RouteDeps): void {
  const { adminAuth, apiKeys } = services;

  router.post('/admin/login', async (ctx) => {
    const body = checkBody(loginBodySchema, ctx.request.body);
    ctx.body = await adminAuth.login(body.username, body.password, ctx.ip);
  });

  router.post('/admin/logout', auth('admin'), async (ctx) => {
    await adminAuth.logout(readCredentials(ctx)!.value);
    ctx.body = null;
  });

  router.get('/test/admin-token', auth('admin'), (ctx) => {
    ctx.body = adminAuth.tokenInfo(actorOf(ctx));
  });

  router.get('/test/api-key', auth('authenticated'), (ctx) => {
    ctx.body = apiKeys.verification(actorOf(ctx));
  });

  router.post('/admin/change-password', auth('admin'), async (ctx) => {
    const body = checkBody(changePasswordBodySchema, ctx.request.body);
    const actor = actorOf(ctx);
    if (actor.kind !== 'admin') return;
    await adminAuth.changePassword(actor, body, readCredentials(ctx)!.value, ctx.ip);
    ctx.body = null;
  });
}
