/**
 * Thumbnails of images in mounts (ADR 0075): `.../fs/thumbnail` with the caller's credentials (the same
 * read permission as `.../fs/preview`), `.../fs/thumbnail-link` for a folder's signed link, and the signed
 * `/fs/thumbnail` an `<img>` loads without a header.
 */
import {
  fsPathQuerySchema,
  fsSignedThumbnailQuerySchema,
  fsThumbnailQuerySchema,
  THUMBNAIL_DEFAULT_SIZE,
} from '@clip/sdk/contract';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { actorOf } from '../../http/auth.ts';
import { checkQuery } from '../../http/validate.ts';
import type { RouteDeps } from '../../services/container.ts';
import { sendThumbnail } from '../../serving/sendThumbnail.ts';
import { FS_SCOPES } from './index.ts';

const query = (ctx: Context) => ctx.query as Record<string, unknown>;

export function registerFsThumbnailRoutes(router: Router, { services, auth }: RouteDeps): void {
  const { fs, thumbnails, thumbnailLinks } = services;
  for (const [prefix, policy] of FS_SCOPES) {
    router.get(`${prefix}/thumbnail`, auth(policy), async (ctx) => {
      const q = checkQuery(fsThumbnailQuerySchema, query(ctx));
      const file = await fs.open(actorOf(ctx), q.path);
      await sendThumbnail(ctx, thumbnails, file, q.size ?? THUMBNAIL_DEFAULT_SIZE);
    });
    router.get(`${prefix}/thumbnail-link`, auth(policy), async (ctx) => {
      const { path } = checkQuery(fsPathQuerySchema, query(ctx));
      ctx.body = await thumbnailLinks.link(actorOf(ctx), path);
    });
  }
  router.get('/fs/thumbnail', async (ctx) => {
    const q = checkQuery(fsSignedThumbnailQuerySchema, query(ctx));
    await sendThumbnail(ctx, thumbnails, await thumbnailLinks.open(q), q.size ?? THUMBNAIL_DEFAULT_SIZE);
  });
}
