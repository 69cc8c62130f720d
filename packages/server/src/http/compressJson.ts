/**
 * Route middleware for answers that can be large (a folder listing of 1,000 entries is ~185 kB of
 * JSON): sends the success envelope brotli- or gzip-compressed when the client accepts it and the
 * JSON is at least `minBytes`. On a phone's slow link that is most of the explorer's first load
 * (bench/results/lighthouse-explorer.md); compressed, the same listing is ~6 kB. Mounted on those
 * routes only, so the small hot answers pay nothing. Fast settings (brotli 1, gzip 1): a 200 kB
 * listing costs ~0.2-0.4 ms of CPU and compresses 25-30x, near what higher levels reach.
 * Errors are not touched: they propagate to the envelope layer as from any route.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, Next } from 'koa';
import { envelope, RAW } from './envelope.ts';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Below this size compressing saves less time on the wire than it costs, even on a slow link. */
export const COMPRESS_MIN_BYTES = 8 * 1024;

const ENCODERS = {
  br: (json: Buffer) =>
    brotli(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 1,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
  gzip: (json: Buffer) => gzipped(json, { level: 1 }),
} as const;

export function compressJson({ minBytes = COMPRESS_MIN_BYTES } = {}) {
  return async function compressJsonAnswer(ctx: Context, next: Next): Promise<void> {
    await next();
    if (ctx.state[RAW] || ctx.status !== 200) return;
    // The envelope layer would wrap the data the same way; here it is done once, to see the size.
    const json = Buffer.from(JSON.stringify(envelope(ctx.body, ctx.status)));
    ctx.state[RAW] = true;
    ctx.vary('Accept-Encoding');
    const encoding =
      json.length >= minBytes
        ? (['br', 'gzip'] as const).find((e) => ctx.acceptsEncodings(e, 'identity') === e)
        : undefined;
    if (encoding) {
      ctx.body = await ENCODERS[encoding](json);
      ctx.set('Content-Encoding', encoding);
    } else ctx.body = json;
    ctx.type = 'application/json; charset=utf-8';
  };
}
