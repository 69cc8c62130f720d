/** `POST .../fs/batch-copy` and `.../fs/batch-copy-commit`: thin adapters over the batch-copy service. */
import { batchCopyBodySchema, batchCopyCommitBodySchema } from '@clip/sdk/contract';
import type Router from '@koa/router';
import { actorOf } from '../../http/auth.ts';
import { checkBody } from '../../http/validate.ts';
import type { RouteDeps } from '../../services/container.ts';
import { FS_SCOPES } from '../fs/index.ts';

export function registerFsCopyRoutes(router: Router, { services, auth }: RouteDeps): void {
  for (const [prefix, policy] of FS_SCOPES) {
    router.post(`${prefix}/batch-copy`, auth(policy), async (ctx) => {
      const body = checkBody(batchCopyBodySchema, ctx.request.body);
      const result = await services.fsCopy.batchCopy(actorOf(ctx), body);
      if ('task_id' in result) ctx.status = 202;
      ctx.body = result;
    });
    router.post(`${prefix}/batch-copy-commit`, auth(policy), async (ctx) => {
      ctx.body = await services.fsCopy.commit(
        actorOf(ctx),
        checkBody(batchCopyCommitBodySchema, ctx.request.body),
      );
    });
  }
}
