/** Text shares: creation and the public reads (`/paste/{slug}`, `/raw/{slug}`), plus management routes. */
import { createPasteBodySchema, passwordBodySchema } from '@clip/sdk/contract';
import type Router from '@koa/router';
import { actorOf } from '../../../http/auth.ts';
import { RAW } from '../../../http/envelope.ts';
import { largeJsonBody } from '../../../http/jsonBody.ts';
import { checkBody } from '../../../http/validate.ts';
import type { RouteDeps } from '../../../services/container.ts';
import {
  ATTACHMENT_PRESENTATION,
  PLAIN_TEXT_PRESENTATION,
  safetyHeaders,
} from '../../../serving/presentation.ts';
import { visitOf } from '../../core/accessLog/visit.ts';
import { sealedTextBytes } from '../../core/sealedContent.ts';
import { registerPasteManagementRoutes } from './manage.ts';

export function registerPasteRoutes(router: Router, deps: RouteDeps): void {
  const { services, auth } = deps;
  const { pastes } = services;

  // The JSON body of a text share is parsed only once the caller is known (http/jsonBody.ts).
  const textBody = largeJsonBody(services.config.maxTextBytes + 64 * 1024);
  router.post('/paste', auth('text'), textBody, async (ctx) => {
    const body = checkBody(createPasteBodySchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await pastes.create(actorOf(ctx), body);
  });

  // Reads count views: no cache may answer one in the server's place.
  // GET routes also answer HEAD (the router's doing): a HEAD counts no view, it only tells the status.
  // Public reads resolve credentials too: the owner's own reads count no view and are not logged.
  router.get('/paste/:slug', auth('public'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (ctx.method === 'HEAD') {
      await pastes.peek(ctx.params.slug, undefined, ctx.ip);
      ctx.body = null;
      return;
    }
    ctx.body = await pastes.view(ctx.params.slug, visitOf(ctx));
  });

  router.post('/paste/:slug', auth('public'), async (ctx) => {
    const { password } = checkBody(passwordBodySchema, ctx.request.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await pastes.unlock(ctx.params.slug, password, visitOf(ctx));
  });

  router.get('/raw/:slug', auth('public'), async (ctx) => {
    const { slug } = ctx.params;
    const password = typeof ctx.query.password === 'string' ? ctx.query.password : undefined;
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : undefined;
    const head = ctx.method === 'HEAD';
    // A token read counts nothing, so a HEAD may do it whole; a password (the spec's) is still taken.
    const row = token
      ? await pastes.rawWithToken(slug, token, visitOf(ctx))
      : head
        ? await pastes.peek(slug, password ?? '', ctx.ip)
        : await pastes.raw(slug, password, visitOf(ctx));
    ctx.state[RAW] = true;
    ctx.set('Cache-Control', 'no-store');
    if (row?.encrypted) {
      // Ciphertext: the stream's bytes as a download, never shown (docs/e2e-format.md).
      ctx.set(safetyHeaders(ATTACHMENT_PRESENTATION));
      ctx.set('Content-Disposition', `attachment; filename="${slug}.clpe"`);
      ctx.type = 'application/octet-stream';
      ctx.body = sealedTextBytes(row.content);
      return;
    }
    // Always plain text, never sniffed into HTML, and sandboxed should a browser render it anyway.
    ctx.set(safetyHeaders(PLAIN_TEXT_PRESENTATION));
    ctx.set('Content-Disposition', `inline; filename="${slug}.txt"`);
    ctx.type = PLAIN_TEXT_PRESENTATION.contentType;
    if (row) ctx.body = row.content;
    else ctx.status = 200;
  });

  registerPasteManagementRoutes(router, deps);
}
