/**
 * A stored file's bytes as the response body, each chunk freed (storage/releaseChunk.ts) as soon as the
 * socket has written it, instead of `ctx.body = stream`, whose chunks wait for V8 to collect them: a
 * 1 GiB download held up to ~80 MiB of dead chunks and socket reads at a time and pushed the server's
 * RSS ~60-140 MiB above idle (docs/performance.md, "Memory of 1 GiB transfers").
 *
 * The response is written here, not by Koa (`ctx.respond = false`): status and headers are already set
 * on it. Backpressure holds end to end: the next chunk is read only once the socket has taken this one.
 * `stream` must be a storage read's (StorageDriver.read: its chunks are the reader's alone).
 */

import { pipeline, type Readable, Writable } from 'node:stream';
import type { Context } from 'koa';
import { releaseChunk } from '../storage/releaseChunk.ts';

export function sendStream(ctx: Context, stream: Readable): void {
  ctx.respond = false;
  const res = ctx.res;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (res.write(chunk, () => releaseChunk(chunk))) done();
      else res.once('drain', () => done());
    },
    final(done) {
      res.end(() => done());
    },
  });
  // A client gone mid-transfer closes the response without 'drain': stop reading the storage.
  res.once('close', () => sink.destroy());
  pipeline(stream, sink, (err) => {
    if (!err) return;
    res.destroy();
    // As Koa reports a failure of a streamed body (app.ts logs it).
    if (ctx.app.listenerCount('error')) ctx.onerror(err);
  });
}
