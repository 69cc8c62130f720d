/**
 * A response body written piece by piece as an async source yields it (a WebDAV listing of a huge
 * folder, page after page), the next piece made only once the socket has taken the last: the answer is
 * never whole in memory (ADR 0069). Status and headers are set before (Koa sets them on the response itself), as
 * for serving/sendStream.ts; Koa does not respond (`ctx.respond = false`).
 * A failure after the first byte cannot change the status: the connection is cut, so the client sees a
 * truncated answer rather than a complete-looking one, and the failure is logged as Koa logs one.
 */
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Context } from 'koa';

export function sendStreamedText(ctx: Context, pieces: AsyncIterable<string>): void {
  ctx.respond = false;
  const res = ctx.res;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (res.write(chunk)) done();
      else res.once('drain', () => done());
    },
    final(done) {
      res.end(() => done());
    },
  });
  // A client gone mid-answer closes the response without 'drain': stop making the rest.
  res.once('close', () => sink.destroy());
  pipeline(Readable.from(pieces, { objectMode: false }), sink).catch((err: unknown) => {
    res.destroy();
    if (ctx.app.listenerCount('error')) ctx.onerror(err as Error);
  });
}
