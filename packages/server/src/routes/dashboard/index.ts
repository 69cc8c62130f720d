import type Router from '@koa/router';
import type { RouteDeps } from '../../services/container.ts';

export function registerDashboardRoutes(router: Router, { services, auth }: RouteDeps): void {
  router.get('/admin/dashboard/stats', auth('admin'), async (ctx) => {
    ctx.body = await services.dashboard.stats();
  });
}
