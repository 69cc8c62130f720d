/**
 * Streams a request body to a presigned PUT: one request to storage, no buffering, exact length. A body
 * that ends short or runs long aborts the PUT mid-body, and S3 refuses a body shorter than its
 * Content-Length, so storage keeps the old object.
 */
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageSizeError } from '../storage/driver.ts';

/**
 * Passes bytes through, failing the stream when they differ from `expected`. The last chunk is held back
 * until the body has ended at exactly `expected` bytes, so storage never receives a complete body that was
 * in truth too long: an S3 PUT then stays short of its Content-Length and is discarded.
 */
export function exactLength(expected: number): Transform {
  let seen = 0;
  let held: Buffer | null = null;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > expected)
        return done(new StorageSizeError(`body is longer than the declared ${expected} bytes`));
      const out = held;
      held = chunk;
      done(null, out ?? undefined);
    },
    flush(done) {
      if (seen !== expected)
        return done(new StorageSizeError(`body was ${seen} bytes, expected ${expected}`));
      done(null, held ?? undefined);
    },
  });
}

export async function putToPresigned(
  url: string,
  body: Readable,
  size: number,
  contentType: string,
  signal?: AbortSignal,
): Promise<{ etag: string | null }> {
  const counted = exactLength(size);
  let failure: Error | null = null;
  // pipeline, not pipe: a client that drops mid-body is an error here (premature close), never a quiet end.
  pipeline(body, counted).catch((err: Error) => {
    failure ??= err;
  });
  counted.once('error', (err) => {
    failure ??= err;
  });
  try {
    const res = await fetch(url, {
      method: 'PUT',
      headers: { 'content-length': String(size), 'content-type': contentType },
      body: Readable.toWeb(counted) as ReadableStream,
      duplex: 'half',
      signal,
    } as RequestInit);
    if (!res.ok) throw new Error(`storage answered ${res.status} to the presigned PUT`);
    await res.arrayBuffer();
    return { etag: res.headers.get('etag')?.replace(/"/g, '') ?? null };
  } catch (err) {
    throw failure ?? err;
  }
}
