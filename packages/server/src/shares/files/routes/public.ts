/**
 * The public side: a share's page data (`/public/files/{slug}`, counting a view), its password check, and
 * the bytes behind signed links (`/file-download`, `/file-view`, with Range, conditional requests, HEAD).
 */
import { passwordBodySchema } from '@clip/sdk/contract';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { RAW } from '../../../http/envelope.ts';
import { checkBody } from '../../../http/validate.ts';
import type { RouteDeps } from '../../../services/container.ts';
import type { ServeAs } from '../../../serving/presentation.ts';
import { serveBytes } from '../../../serving/serveBytes.ts';
import { visitOf } from '../../core/accessLog/visit.ts';

export function registerPublicFileRoutes(router: Router, { services, auth }: RouteDeps): void {
  const { publicFiles, downloads } = services.files;

  // Credentials are resolved on public reads: the owner's own reads count no view and are not logged.
  router.get('/public/files/:slug', auth('public'), async (ctx) => {
    // A HEAD (link checkers, prefetchers) must not use up a view.
    if (ctx.method === 'HEAD') {
      await publicFiles.peek(ctx.params.slug);
      ctx.body = null;
      return;
    }
    ctx.body = await publicFiles.view(ctx.params.slug, visitOf(ctx));
  });
  router.post('/public/files/:slug/verify', auth('public'), async (ctx) => {
    const { password } = checkBody(passwordBodySchema, ctx.request.body);
    ctx.body = await publicFiles.verify(ctx.params.slug, password, visitOf(ctx));
  });
  router.get('/office-preview/:slug', async (ctx) => {
    ctx.body = await publicFiles.officePreview(ctx.params.slug, ctx.query);
  });

  // Signed links are followed by browsers without credentials: whose link it is travels in it (`by`).
  async function serve(ctx: Context, as: ServeAs): Promise<void> {
    const head = ctx.method === 'HEAD';
    const visit = visitOf(ctx);
    const share = await publicFiles.shareForLink(ctx.params.slug, ctx.query, head ? undefined : visit);
    const linkSecondsLeft = Number(ctx.query.exp) - Math.floor(services.clock.now() / 1000);
    const bytes = await downloads.open(share.row, as, linkSecondsLeft);
    if (bytes.kind === 'stored') {
      await serveBytes(ctx, bytes.object, bytes.shown);
      // What the answer carries: the range asked for, nothing for a 304.
      if (!head) publicFiles.served(visit, share, ctx.status === 304 ? 0 : (ctx.length ?? null));
      return;
    }
    ctx.state[RAW] = true;
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(bytes.url);
    // The bytes go from the storage directly: how many is not known here.
    if (!head) publicFiles.served(visit, share, null);
  }
  router.get('/file-download/:slug', (ctx) => serve(ctx, 'download'));
  router.get('/file-view/:slug', (ctx) => serve(ctx, 'view'));
}
