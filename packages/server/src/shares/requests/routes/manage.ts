/**
 * Managing upload requests: `/admin/upload-requests` (the admin, every request) and
 * `/user/upload-requests` (API keys with mount permission, their own). Paged by `limit`/`offset`.
 */
import {
  createUploadRequestBodySchema,
  updateUploadRequestBodySchema,
  uploadRequestListQuerySchema,
} from '@clip/sdk/contract';
import type Router from '@koa/router';
import { actorOf } from '../../../http/auth.ts';
import { checkBody, checkQuery } from '../../../http/validate.ts';
import type { RouteDeps } from '../../../services/container.ts';
import type { Policy } from '../../../services/permissions.ts';
import { registerShareItemRoutes } from '../../core/shareItemRoutes.ts';

const SCOPES: [string, Policy][] = [
  ['/admin/upload-requests', 'admin'],
  ['/user/upload-requests', 'mount'],
];

export function registerUploadRequestManagementRoutes(router: Router, { services, auth }: RouteDeps): void {
  const { manage } = services.uploadRequests;
  for (const [prefix, policy] of SCOPES) {
    router.post(prefix, auth(policy), async (ctx) => {
      ctx.status = 201;
      ctx.body = await manage.create(
        actorOf(ctx),
        checkBody(createUploadRequestBodySchema, ctx.request.body),
      );
    });
    router.get(prefix, auth(policy), async (ctx) => {
      const query = checkQuery(uploadRequestListQuerySchema, { ...ctx.query });
      ctx.body = await manage.list(actorOf(ctx), { limit: query.limit ?? 50, offset: query.offset ?? 0 });
    });
    registerShareItemRoutes(router, prefix, manage, updateUploadRequestBodySchema, { auth: auth(policy) });
  }
}
