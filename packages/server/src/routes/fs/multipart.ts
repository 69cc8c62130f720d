/**
 * `.../fs/multipart/*` (admin under /admin/fs, keys under /user/fs): resumable uploads into mounts. A part
 * is the raw request body with its exact Content-Length; a refused part's body is drained (when small) so
 * the client reads the refusal instead of a reset connection.
 */
import {
  fsMultipartAbortBodySchema,
  fsMultipartCompleteBodySchema,
  fsMultipartInitBodySchema,
  fsMultipartPartQuerySchema,
  fsMultipartStatusQuerySchema,
} from '@clip/sdk/contract';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { actorOf } from '../../http/auth.ts';
import { checkBody, checkQuery } from '../../http/validate.ts';
import type { RouteDeps } from '../../services/container.ts';
import type { Policy } from '../../services/permissions.ts';

/** Refused bodies up to this size are read and dropped; larger ones close the connection. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/** Answers a refusal cleanly: reads what is left of a small body, or asks to close the connection. */
async function settleBody(ctx: Context, declared: number | null): Promise<void> {
  if (ctx.req.readableEnded || ctx.req.complete) return;
  if (declared !== null && declared <= DRAIN_LIMIT) {
    ctx.req.resume();
    await new Promise<void>((resolve) => {
      ctx.req.once('end', resolve);
      ctx.req.once('error', () => resolve());
      ctx.req.once('close', () => resolve());
    });
  } else ctx.set('Connection', 'close');
}

export function registerFsMultipartRoutes(router: Router, { services, auth }: RouteDeps): void {
  const scopes: [string, Policy][] = [
    ['/admin/fs', 'admin'],
    ['/user/fs', 'mount'],
  ];
  for (const [prefix, policy] of scopes) {
    router.post(`${prefix}/multipart/init`, auth(policy), async (ctx) => {
      ctx.status = 201;
      ctx.body = await services.fsUploads.multipart.init(
        actorOf(ctx),
        checkBody(fsMultipartInitBodySchema, ctx.request.body),
      );
    });

    router.post(`${prefix}/multipart/part`, auth(policy), async (ctx) => {
      const header = ctx.get('content-length');
      const declared = header === '' ? null : Number(header);
      try {
        const query = checkQuery(fsMultipartPartQuerySchema, { ...ctx.query });
        ctx.body = await services.fsUploads.multipart.part(actorOf(ctx), {
          ...query,
          body: ctx.req,
          contentLength: declared !== null && Number.isSafeInteger(declared) ? declared : null,
        });
      } catch (err) {
        await settleBody(ctx, declared);
        throw err;
      }
    });

    router.get(`${prefix}/multipart/status`, auth(policy), async (ctx) => {
      const { uploadId } = checkQuery(fsMultipartStatusQuerySchema, { ...ctx.query });
      ctx.body = await services.fsUploads.multipart.status(actorOf(ctx), uploadId);
    });

    router.post(`${prefix}/multipart/complete`, auth(policy), async (ctx) => {
      ctx.body = await services.fsUploads.multipart.complete(
        actorOf(ctx),
        checkBody(fsMultipartCompleteBodySchema, ctx.request.body),
      );
    });

    router.post(`${prefix}/multipart/abort`, auth(policy), async (ctx) => {
      ctx.body = await services.fsUploads.multipart.abort(
        actorOf(ctx),
        checkBody(fsMultipartAbortBodySchema, ctx.request.body),
      );
    });
  }
}
