/** URL upload: inspect and proxy a remote file (through the SSRF guard), then store it by presigned upload. */
import {
  urlCancelBodySchema,
  urlCommitBodySchema,
  urlInfoBodySchema,
  urlMultipartAbortBodySchema,
  urlMultipartCompleteBodySchema,
  urlMultipartInitBodySchema,
  urlPresignBodySchema,
  urlProxyQuerySchema,
} from '@clip/sdk/contract';
import type Router from '@koa/router';
import { actorOf } from '../../http/auth.ts';
import { RAW } from '../../http/envelope.ts';
import { checkBody, checkQuery } from '../../http/validate.ts';
import type { RouteDeps } from '../../services/container.ts';

export function registerUrlRoutes(router: Router, { services, auth }: RouteDeps): void {
  const { urlUploads } = services;

  router.post('/url/info', auth('file'), async (ctx) => {
    ctx.body = await urlUploads.info(checkBody(urlInfoBodySchema, ctx.request.body).url);
  });
  router.get('/url/proxy', auth('file'), async (ctx) => {
    const proxied = await urlUploads.proxy(checkQuery(urlProxyQuerySchema, ctx.query).url);
    ctx.state[RAW] = true;
    ctx.set(proxied.headers);
    ctx.status = 200;
    ctx.body = proxied.body;
  });
  router.post('/url/presign', auth('file'), async (ctx) => {
    ctx.status = 201;
    ctx.body = await urlUploads.presign(actorOf(ctx), checkBody(urlPresignBodySchema, ctx.request.body));
  });
  router.post('/url/commit', auth('file'), async (ctx) => {
    ctx.body = await urlUploads.commit(actorOf(ctx), checkBody(urlCommitBodySchema, ctx.request.body));
  });
  router.post('/url/multipart/init', auth('file'), async (ctx) => {
    ctx.status = 201;
    ctx.body = await urlUploads.multipartInit(
      actorOf(ctx),
      checkBody(urlMultipartInitBodySchema, ctx.request.body),
    );
  });
  router.post('/url/multipart/complete', auth('file'), async (ctx) => {
    ctx.body = await urlUploads.multipartComplete(
      actorOf(ctx),
      checkBody(urlMultipartCompleteBodySchema, ctx.request.body),
    );
  });
  router.post('/url/multipart/abort', auth('file'), async (ctx) => {
    ctx.body = await urlUploads.multipartAbort(
      actorOf(ctx),
      checkBody(urlMultipartAbortBodySchema, ctx.request.body),
    );
  });
  router.post('/url/cancel', auth('file'), async (ctx) => {
    ctx.body = await urlUploads.cancel(
      actorOf(ctx),
      checkBody(urlCancelBodySchema, ctx.request.body).file_id,
    );
  });
}
