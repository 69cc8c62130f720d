/** Presigned uploads: single PUT (`/s3/presign` + `/s3/commit`) and multipart (`/s3/multipart/*`). */
import {
  commitBodySchema,
  multipartAbortBodySchema,
  multipartCompleteBodySchema,
  multipartInitBodySchema,
  multipartPartsBodySchema,
  presignBodySchema,
} from '@clip/sdk/contract';
import type Router from '@koa/router';
import { actorOf } from '../../http/auth.ts';
import { checkBody } from '../../http/validate.ts';
import type { RouteDeps } from '../../services/container.ts';

export function registerPresignRoutes(router: Router, { services, auth }: RouteDeps): void {
  const { presign, multipart } = services.files;

  router.post('/s3/presign', auth('file'), async (ctx) => {
    ctx.status = 201;
    ctx.body = await presign.presign(actorOf(ctx), checkBody(presignBodySchema, ctx.request.body));
  });
  router.post('/s3/commit', auth('file'), async (ctx) => {
    ctx.body = await presign.commit(actorOf(ctx), checkBody(commitBodySchema, ctx.request.body));
  });
  router.post('/s3/multipart/init', auth('file'), async (ctx) => {
    ctx.status = 201;
    ctx.body = await multipart.init(actorOf(ctx), checkBody(multipartInitBodySchema, ctx.request.body));
  });
  router.post('/s3/multipart/parts', auth('file'), async (ctx) => {
    ctx.body = await multipart.parts(actorOf(ctx), checkBody(multipartPartsBodySchema, ctx.request.body));
  });
  router.post('/s3/multipart/complete', auth('file'), async (ctx) => {
    ctx.body = await multipart.complete(
      actorOf(ctx),
      checkBody(multipartCompleteBodySchema, ctx.request.body),
    );
  });
  router.post('/s3/multipart/abort', auth('file'), async (ctx) => {
    ctx.body = await multipart.abort(actorOf(ctx), checkBody(multipartAbortBodySchema, ctx.request.body));
  });
}
