/**
 * `POST .../fs/batch-copy`, `.../fs/batch-copy-commit`, `.../fs/archive` and `.../fs/fetch-url`: thin
 * adapters over the batch-copy, archive and URL-fetch services.
 */
import {
  archiveBodySchema,
  batchCopyBodySchema,
  batchCopyCommitBodySchema,
  fetchUrlBodySchema,
} from '@clip/sdk/contract';
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
    router.post(`${prefix}/archive`, auth(policy), async (ctx) => {
      ctx.status = 202;
      ctx.body = await services.fsArchive.archive(
        actorOf(ctx),
        checkBody(archiveBodySchema, ctx.request.body),
      );
    });
    router.post(`${prefix}/fetch-url`, auth(policy), async (ctx) => {
      ctx.status = 202;
      ctx.body = await services.fsFetch.fetchUrls(
        actorOf(ctx),
        checkBody(fetchUrlBodySchema, ctx.request.body),
      );
    });
    router.post(`${prefix}/batch-copy-commit`, auth(policy), async (ctx) => {
      ctx.body = await services.fsCopy.commit(
        actorOf(ctx),
        checkBody(batchCopyCommitBodySchema, ctx.request.body),
      );
    });
  }
}
