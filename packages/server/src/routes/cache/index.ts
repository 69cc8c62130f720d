import type Router from '@koa/router';
import { actorOf } from '../../http/auth.ts';
import type { RouteDeps } from '../../services/container.ts';

/** "Clear cache": the admin clears every registered cache, an API key what lies within its scope. */
export function registerCacheRoutes(router: Router, { services, auth }: RouteDeps): void {
  router.post('/admin/cache/clear', auth('admin'), async (ctx) => {
    ctx.body = { cleared: await services.caches.clear(actorOf(ctx)) };
  });
  router.post('/user/cache/clear', auth('authenticated'), async (ctx) => {
    ctx.body = { cleared: await services.caches.clear(actorOf(ctx)) };
  });
}
