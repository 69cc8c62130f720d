/** The task API: `/admin/tasks` (every task) and `/user/tasks` (a key's own), one service call each. */
import { taskListQuerySchema } from '@clip/sdk/contract';
import type Router from '@koa/router';
import { actorOf } from '../../http/auth.ts';
import { checkQuery } from '../../http/validate.ts';
import type { RouteDeps } from '../../services/container.ts';
import type { Policy } from '../../services/permissions.ts';

export function registerTaskRoutes(router: Router, { services, auth }: RouteDeps): void {
  const { tasks } = services;
  const mount = (base: string, policy: Policy) => {
    router.get(base, auth(policy), async (ctx) => {
      ctx.body = await tasks.list(actorOf(ctx), checkQuery(taskListQuerySchema, ctx.query));
    });
    router.post(`${base}/clear`, auth(policy), async (ctx) => {
      ctx.body = await tasks.clear(actorOf(ctx));
    });
    router.get(`${base}/:id`, auth(policy), async (ctx) => {
      ctx.body = await tasks.get(actorOf(ctx), ctx.params.id);
    });
    router.post(`${base}/:id/cancel`, auth(policy), async (ctx) => {
      ctx.body = await tasks.cancel(actorOf(ctx), ctx.params.id);
    });
    router.post(`${base}/:id/retry`, auth(policy), async (ctx) => {
      ctx.body = await tasks.retry(actorOf(ctx), ctx.params.id);
    });
    router.delete(`${base}/:id`, auth(policy), async (ctx) => {
      await tasks.remove(actorOf(ctx), ctx.params.id);
      ctx.body = null;
    });
  };
  mount('/admin/tasks', 'admin');
  mount('/user/tasks', 'mount');
}
