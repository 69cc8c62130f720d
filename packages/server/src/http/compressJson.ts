/**
 * Route middleware for answers that can be large (a folder listing of 1,000 entries is ~185 kB of
 * JSON): sends the success envelope brotli- or gzip-compressed when the client accepts it and the
 * JSON is at least `minBytes`. On a phone's slow link that is most of the explorer's first load
 * (bench/results/lighthouse-explorer.md); compressed, the same listing is ~6 kB. Mounted on those
 * routes only, so the small hot answers pay nothing. Fast settings (brotli 1, gzip 1): a 200 kB
 * listing costs ~0.2-0.4 ms of CPU and compresses 25-30x, near what higher levels reach.
 * Errors are not touched: they propagate to the envelope layer as from any route. A frozen answer's
 * bytes are kept (http/encodedAnswers.ts), so the same answer sent again costs no serialising.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, Next } from 'koa';
import { type AnswerEncoding, createEncodedAnswers, type EncodedAnswer } from './encodedAnswers.ts';
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

export function compressJson({ minBytes = COMPRESS_MIN_BYTES, answers = createEncodedAnswers() } = {}) {
  /** The envelope of `data`, compressed as `accepted` when it is large enough to gain from it. */
  async function encode(data: unknown, accepted: AnswerEncoding): Promise<EncodedAnswer> {
    // The envelope layer would wrap the data the same way; here it is done once, to see the size.
    const json = Buffer.from(JSON.stringify(envelope(data, 200)));
    if (json.length < minBytes || accepted === 'identity')
      return { encoding: 'identity', body: json, jsonBytes: json.length };
    return { encoding: accepted, body: await ENCODERS[accepted](json), jsonBytes: json.length };
  }

  return async function compressJsonAnswer(ctx: Context, next: Next): Promise<void> {
    await next();
    if (ctx.state[RAW] || ctx.status !== 200) return;
    ctx.state[RAW] = true;
    ctx.vary('Accept-Encoding');
    const accepted =
      (['br', 'gzip'] as const).find((e) => ctx.acceptsEncodings(e, 'identity') === e) ?? 'identity';
    const data = ctx.body;
    let sent = answers.get(data, accepted);
    if (!sent) {
      sent = await encode(data, accepted);
      answers.set(data, accepted, sent);
    }
    if (sent.encoding !== 'identity') ctx.set('Content-Encoding', sent.encoding);
    ctx.body = sent.body;
    ctx.type = 'application/json; charset=utf-8';
  };
}
