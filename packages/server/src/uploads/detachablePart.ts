/**
 * A form's file part handed to a write that may fail while later parts of the same form must still be
 * read (`fs/upload-batch`). The write never gets busboy's own part stream: a failed write destroys what
 * it reads, and a destroyed part stream stalls busboy (its next push is refused and it waits for a read
 * that never comes). The write reads `body` instead; `drain()` cuts it off and discards the rest of the
 * part, so the parser moves on to the next one. Chunks pass through as they are (no copy), so the storage
 * may still free each one once used (`releaseChunks`, ADR 0033).
 */
import { PassThrough, type Readable } from 'node:stream';

export interface DetachablePart {
  body: Readable;
  /** Stops feeding `body` and reads the rest of the part into nothing. */
  drain(): void;
}

export function detachablePart(part: Readable): DetachablePart {
  const body = new PassThrough({ highWaterMark: 64 * 1024 });
  const onData = (chunk: Buffer) => {
    if (!body.write(chunk)) part.pause();
  };
  const onDrain = () => part.resume();
  const onEnd = () => body.end();
  // A part cut short (the request aborted) fails the write; the form's own error handling answers.
  const onError = (err: Error) => body.destroy(err);
  // The write may not be reading yet (it waits for the folder's check) when a cut form fails the part:
  // its error then waits on `body` for the write to find, instead of being an unhandled 'error' event.
  body.on('error', () => {});
  part.on('data', onData);
  part.on('end', onEnd);
  part.on('error', onError);
  body.on('drain', onDrain);
  let drained = false;
  return {
    body,
    drain() {
      if (drained) return;
      drained = true;
      part.off('data', onData);
      part.off('end', onEnd);
      body.off('drain', onDrain);
      if (!body.destroyed) body.destroy();
      part.resume();
    },
  };
}
