/** Managing file shares: `/admin/files` (admin, everything) and `/user/files` (API key, its own files). */
import { fileListQuerySchema, idsBodySchema, updateFileBodySchema } from '@clip/sdk/contract';
import type Router from '@koa/router';
import { actorOf } from '../../../http/auth.ts';
import { checkBody, checkQuery } from '../../../http/validate.ts';
import type { RouteDeps } from '../../../services/container.ts';
import type { Policy } from '../../../services/permissions.ts';
import { registerShareItemRoutes } from '../../core/shareItemRoutes.ts';

export function registerFileManagementRoutes(router: Router, { services, auth }: RouteDeps): void {
  const { manage } = services.files;
  const scopes: [string, Policy][] = [
    ['/admin/files', 'admin'],
    ['/user/files', 'file'],
  ];
  for (const [base, policy] of scopes) {
    router.get(base, auth(policy), async (ctx) => {
      ctx.body = await manage.list(actorOf(ctx), checkQuery(fileListQuerySchema, ctx.query));
    });
    router.post(`${base}/batch-delete`, auth(policy), async (ctx) => {
      ctx.body = await manage.batchDelete(actorOf(ctx), checkBody(idsBodySchema, ctx.request.body).ids);
    });
    registerShareItemRoutes(router, base, manage, updateFileBodySchema, { auth: auth(policy) });
  }
}
