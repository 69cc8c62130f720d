/**
 * `/api/admin/fs/*` (admin) and `/api/user/fs/*` (keys with mount permission): thin adapters over the
 * one file-system service (`services.fs`), plus the signed `/api/fs/download|preview` links that work
 * without an auth header. Every decision (path rules, permission, mounts) is the service's.
 */
import {
  fsBatchRemoveBodySchema,
  fsFileLinkQuerySchema,
  fsListQuerySchema,
  fsMkdirBodySchema,
  fsPathQuerySchema,
  fsRenameBodySchema,
  fsSignedPutQuerySchema,
  fsSignedQuerySchema,
  fsUpdateBodySchema,
} from '@clip/sdk/contract';
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { FsLinkMode } from '../../fs/types.ts';
import { badRequest } from '../../http/appError.ts';
import { actorOf } from '../../http/auth.ts';
import { compressJson } from '../../http/compressJson.ts';
import { RAW } from '../../http/envelope.ts';
import { checkBody, checkQuery } from '../../http/validate.ts';
import type { RouteDeps } from '../../services/container.ts';
import type { Policy } from '../../services/permissions.ts';
import { registerFsMultipartRoutes } from './multipart.ts';
import { registerFsPresignRoutes } from './presign.ts';
import { serveFsFile } from './serve.ts';
import { handleFsUpload } from './upload.ts';
import { handleFsUploadBatch } from './uploadBatch.ts';

export const FS_SCOPES: [string, Policy][] = [
  ['/admin/fs', 'admin'],
  ['/user/fs', 'mount'],
];

const query = (ctx: Context) => ctx.query as Record<string, unknown>;

export function registerFsRoutes(router: Router, deps: RouteDeps): void {
  const { services, auth } = deps;
  const { fs } = services;

  // A folder's listing can be hundreds of kB of JSON: compressed for clients that accept it. One
  // instance for both scopes, so the encoded cached pages it keeps share one budget.
  const compressListing = compressJson();
  for (const [prefix, policy] of FS_SCOPES) {
    router.get(`${prefix}/list`, auth(policy), compressListing, async (ctx) => {
      const q = checkQuery(fsListQuerySchema, query(ctx));
      ctx.body = await fs.list(actorOf(ctx), q.path, {
        cursor: q.cursor,
        limit: q.limit,
        refresh: q.refresh,
      });
    });
    router.get(`${prefix}/get`, auth(policy), async (ctx) => {
      ctx.body = await fs.get(actorOf(ctx), checkQuery(fsPathQuerySchema, query(ctx)).path);
    });
    for (const mode of ['download', 'preview'] as const)
      router.get(`${prefix}/${mode}`, auth(policy), async (ctx) => {
        const { path } = checkQuery(fsPathQuerySchema, query(ctx));
        await serveFsFile(ctx, fs, await fs.open(actorOf(ctx), path), mode);
      });
    router.post(`${prefix}/mkdir`, auth(policy), async (ctx) => {
      const body = checkBody(fsMkdirBodySchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = await fs.mkdir(actorOf(ctx), body.path, { createParents: body.create_parents ?? false });
    });
    router.post(`${prefix}/upload`, auth(policy), async (ctx) => {
      const result = await handleFsUpload(ctx, deps);
      ctx.status = 201;
      ctx.body = result;
    });
    router.post(`${prefix}/upload-batch`, auth(policy), async (ctx) => {
      const result = await handleFsUploadBatch(ctx, deps);
      ctx.status = 201;
      ctx.body = result;
    });
    router.delete(`${prefix}/remove`, auth(policy), async (ctx) => {
      await fs.remove(actorOf(ctx), checkQuery(fsPathQuerySchema, query(ctx)).path);
      ctx.body = null;
    });
    router.post(`${prefix}/batch-remove`, auth(policy), async (ctx) => {
      // A folder of more than 1,000 objects turns the batch into a delete task (`{ task_id }`).
      ctx.body = await services.fsCopy.batchRemove(
        actorOf(ctx),
        checkBody(fsBatchRemoveBodySchema, ctx.request.body).paths,
      );
    });
    router.post(`${prefix}/rename`, auth(policy), async (ctx) => {
      const body = checkBody(fsRenameBodySchema, ctx.request.body);
      ctx.body = await fs.rename(actorOf(ctx), body.oldPath, body.newPath);
    });
    router.post(`${prefix}/update`, auth(policy), async (ctx) => {
      const body = checkBody(fsUpdateBodySchema, ctx.request.body);
      ctx.body = await fs.update(actorOf(ctx), body.path, body.content);
    });
    router.get(`${prefix}/file-link`, auth(policy), async (ctx) => {
      const q = checkQuery(fsFileLinkQuerySchema, query(ctx));
      ctx.body = await fs.fileLink(actorOf(ctx), q.path, {
        expiresIn: q.expires_in,
        forceDownload: q.force_download,
      });
    });
  }

  // Signed links from `get` and `file-link`: no header, the signature is the permission.
  const signed = (mode: FsLinkMode) => async (ctx: Context) => {
    const q = checkQuery(fsSignedQuerySchema, query(ctx));
    await serveFsFile(ctx, fs, await fs.openSigned(q, mode), mode, { renderHtml: q.render === 'html' });
  };
  router.get('/fs/download', signed('download'));
  router.get('/fs/preview', signed('preview'));

  // A signed PUT of one body of the signed size, once (client-side copy into storage without presigned uploads).
  router.put('/fs/put', async (ctx) => {
    const header = ctx.get('content-length');
    try {
      const q = checkQuery(fsSignedPutQuerySchema, query(ctx));
      const size = Number(q.size);
      if (header !== String(size))
        throw badRequest(`Content-Length must be ${size}, the size this link was signed for`);
      const { item } = await fs.writeSigned(q, ctx.req, {
        contentType: ctx.get('content-type') || undefined,
      });
      ctx.state[RAW] = true;
      ctx.status = 200;
      if (item.etag) ctx.set('ETag', `"${item.etag}"`);
      ctx.body = '';
    } catch (err) {
      // Unread bytes of a refused body would stall the connection: close it instead.
      if (!ctx.req.readableEnded) ctx.set('Connection', 'close');
      throw err;
    }
  });

  // Resumable multipart and presigned uploads (helper 10b) register here.
  registerFsMultipartRoutes(router, deps);
  registerFsPresignRoutes(router, deps);
}
