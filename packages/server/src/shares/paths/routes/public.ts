/**
 * The public side of a path share, `/public/s/{slug}`: the visit (counts a view), the password check, and
 * with the visit's token (`X-Share-Token` or `?token=`) the list, download, preview and ZIP of what the
 * share holds. Each request ends in one place (`publicAccess`), which reports it to the access log.
 */
import {
  passwordBodySchema,
  pathShareSubQuerySchema,
  pathShareThumbnailQuerySchema,
  THUMBNAIL_DEFAULT_SIZE,
} from '@clip/sdk/contract';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { notFound } from '../../../http/appError.ts';
import { actorOf } from '../../../http/auth.ts';
import { checkBody, checkQuery } from '../../../http/validate.ts';
import { serveFsFile } from '../../../routes/fs/serve.ts';
import type { RouteDeps } from '../../../services/container.ts';
import { sendThumbnail } from '../../../serving/sendThumbnail.ts';
import { sendZip } from '../../../serving/sendZip.ts';
import type { AccessedShare } from '../../core/accessLog/accessRecorder.ts';
import { visitOf } from '../../core/accessLog/visit.ts';
import type { PathShareAccess, PathShareAction } from '../accessEvents.ts';
import { outcomeOf } from '../accessEvents.ts';
import type { PathShareRow } from '../pathShareStore.ts';
import type { Visitor } from '../publicPathShares.ts';
import { shareRelativePath } from '../sharedPaths.ts';

const PREFIX = '/public/s/:slug';

export function registerPublicPathShareRoutes(router: Router, { services, auth }: RouteDeps): void {
  const { pathShares, accessRecorder } = services;
  const shares = pathShares.public;

  /**
   * Runs one public access: finds the share, hands it to `work`, and reports how the request ended once
   * the response is over (bytes counted only for a body that went out whole). A thumbnail (`null`) is
   * part of the listing the visitor already had logged: a grid of a hundred pictures logs nothing more.
   */
  function publicAccess(
    action: PathShareAction | null,
    work: (ctx: Context, row: PathShareRow, visitor: Visitor, event: PathShareAccess) => Promise<void>,
  ) {
    return async (ctx: Context) => {
      const caller = actorOf(ctx);
      const event: PathShareAccess = { action: action ?? 'view', outcome: 'ok', bytes: 0, path: null };
      let share: AccessedShare | null = null;
      // An unknown slug is no event (ADR 0056); the owner's own requests are none either (the recorder's rule).
      const report = () => share && action && accessRecorder.record(visitOf(ctx), share, event);
      try {
        const row = await shares.probe(ctx.params.slug);
        if (!row) throw notFound(`path share "${ctx.params.slug}" not found`);
        share = { kind: 'path', id: row.id, owner: row.created_by };
        const header = ctx.get('x-share-token');
        const query = typeof ctx.query.token === 'string' ? ctx.query.token : undefined;
        await work(ctx, row, { caller, token: header || query, clientAddress: ctx.ip }, event);
      } catch (err) {
        event.outcome = outcomeOf(err);
        report();
        throw err;
      }
      if (action !== 'download' && action !== 'zip') return report();
      ctx.res.once('close', () => {
        const length = Number(ctx.response.get('Content-Length'));
        if (ctx.res.writableFinished && Number.isFinite(length) && ctx.status < 300) event.bytes = length;
        report();
      });
    };
  }

  const sub = (ctx: Context, event: PathShareAccess) => {
    const q = checkQuery(pathShareSubQuerySchema, ctx.query);
    const relative = shareRelativePath(q.path);
    event.path = relative;
    return { q, relative };
  };

  router.get(
    PREFIX,
    auth('public'),
    publicAccess('view', async (ctx, row, visitor, event) => {
      event.path = '/';
      // Visits count views: no cache may answer one in the server's place.
      ctx.set('Cache-Control', 'no-store');
      // GET routes also answer HEAD (the router's doing): a link checker's HEAD must not use up a view.
      if (ctx.method === 'HEAD') {
        await shares.peek(row, visitor);
        ctx.body = null;
        ctx.status = 200;
        return;
      }
      ctx.body = await shares.visit(row, visitor);
    }),
  );

  router.post(
    `${PREFIX}/verify`,
    auth('public'),
    publicAccess('verify', async (ctx, row, visitor) => {
      const { password } = checkBody(passwordBodySchema, ctx.request.body);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await shares.verify(row, password, visitor);
    }),
  );

  router.get(
    `${PREFIX}/list`,
    auth('public'),
    publicAccess('list', async (ctx, row, visitor, event) => {
      const { q, relative } = sub(ctx, event);
      const share = await shares.open(row, visitor);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await pathShares.listInside(share, relative, { cursor: q.cursor, limit: q.limit });
    }),
  );

  for (const mode of ['download', 'preview'] as const)
    router.get(
      `${PREFIX}/${mode}`,
      auth('public'),
      publicAccess('download', async (ctx, row, visitor, event) => {
        const { relative } = sub(ctx, event);
        const share = await shares.open(row, visitor);
        await serveFsFile(ctx, services.fs, await pathShares.file(share, relative), mode);
      }),
    );

  router.get(
    `${PREFIX}/thumbnail`,
    auth('public'),
    publicAccess(null, async (ctx, row, visitor) => {
      const q = checkQuery(pathShareThumbnailQuerySchema, ctx.query);
      const share = await shares.open(row, visitor);
      const file = await pathShares.file(share, shareRelativePath(q.path));
      await sendThumbnail(ctx, services.thumbnails, file, q.size ?? THUMBNAIL_DEFAULT_SIZE);
    }),
  );

  router.get(
    `${PREFIX}/zip`,
    auth('public'),
    publicAccess('zip', async (ctx, row, visitor, event) => {
      const { relative } = sub(ctx, event);
      const share = await shares.open(row, visitor);
      const { name, entries } = await pathShares.zip(share, relative);
      sendZip(ctx, name, entries);
    }),
  );
}
