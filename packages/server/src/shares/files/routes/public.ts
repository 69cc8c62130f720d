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

export function registerPublicFileRoutes(router: Router, { services }: RouteDeps): void {
  const { publicFiles, downloads } = services.files;

  router.get('/public/files/:slug', async (ctx) => {
    // A HEAD (link checkers, prefetchers) must not use up a view.
    if (ctx.method === 'HEAD') {
      await publicFiles.peek(ctx.params.slug);
      ctx.body = null;
      return;
    }
    ctx.body = await publicFiles.view(ctx.params.slug);
  });
  router.post('/public/files/:slug/verify', async (ctx) => {
    const { password } = checkBody(passwordBodySchema, ctx.request.body);
    ctx.body = await publicFiles.verify(ctx.params.slug, password, ctx.ip);
  });
  router.get('/office-preview/:slug', async (ctx) => {
    ctx.body = await publicFiles.officePreview(ctx.params.slug, ctx.query.exp, ctx.query.sig);
  });

  async function serve(ctx: Context, as: ServeAs): Promise<void> {
    const row = await publicFiles.shareForLink(ctx.params.slug, ctx.query.exp, ctx.query.sig);
    const linkSecondsLeft = Number(ctx.query.exp) - Math.floor(services.clock.now() / 1000);
    const bytes = await downloads.open(row, as, linkSecondsLeft);
    if (bytes.kind === 'stored') return serveBytes(ctx, bytes.object, bytes.shown);
    ctx.state[RAW] = true;
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(bytes.url);
  }
  router.get('/file-download/:slug', (ctx) => serve(ctx, 'download'));
  router.get('/file-view/:slug', (ctx) => serve(ctx, 'view'));
}
