/** `.../fs/presign` and `.../fs/presign/commit`: a presigned PUT signed with its exact length, then a HEAD-checked commit. */
import { fsPresignBodySchema, fsPresignCommitBodySchema } from '@clip/sdk/contract';
import type Router from '@koa/router';
import { actorOf } from '../../http/auth.ts';
import { checkBody } from '../../http/validate.ts';
import type { RouteDeps } from '../../services/container.ts';
import type { Policy } from '../../services/permissions.ts';

export function registerFsPresignRoutes(router: Router, { services, auth }: RouteDeps): void {
  const scopes: [string, Policy][] = [
    ['/admin/fs', 'admin'],
    ['/user/fs', 'mount'],
  ];
  for (const [prefix, policy] of scopes) {
    router.post(`${prefix}/presign`, auth(policy), async (ctx) => {
      ctx.status = 201;
      ctx.body = await services.fsUploads.presign.presign(
        actorOf(ctx),
        checkBody(fsPresignBodySchema, ctx.request.body),
      );
    });
    router.post(`${prefix}/presign/commit`, auth(policy), async (ctx) => {
      ctx.body = await services.fsUploads.presign.commit(
        actorOf(ctx),
        checkBody(fsPresignCommitBodySchema, ctx.request.body),
      );
    });
  }
}
