/**
 * Streamed writes to S3 with bounded memory: the body is cut into parts; a body that fits in one part is
 * a single PUT (0-byte objects included), anything larger is a multipart upload with a few parts in flight.
 * A failure or abort aborts the multipart upload (best effort), so nothing appears at the key.
 */
import type { Readable } from 'node:stream';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { type MultipartPart, StorageSizeError, type WriteOptions, type WriteResult } from '../driver.ts';
import { releaseChunk } from '../releaseChunk.ts';
import { PartBuffers } from './partBuffers.ts';
import { partSizeFor } from './partSize.ts';

const PARTS_IN_FLIGHT = 3;

export interface WriteTarget {
  client: S3Client;
  bucket: string;
  key: string;
  /** Best-effort abort of a multipart upload that will not complete. */
  abort(uploadId: string): Promise<boolean>;
  /** Records the multipart upload before its first part is sent (aborting it when that fails). */
  opened(uploadId: string): Promise<void>;
  /** The multipart upload completed. */
  closed(uploadId: string): Promise<void>;
}

export const unquote = (etag: string | undefined | null): string | null =>
  etag ? etag.replace(/"/g, '') : null;

interface Part {
  data: Buffer;
  last: boolean;
  /** The pooled buffer `data` lies in: given back once the part is sent. */
  buffer: Buffer;
}

/**
 * Cuts a stream into parts of exactly the buffers' size (the last may be shorter), flagging the last one.
 * With `release`, each chunk is freed once copied (WriteOptions.releaseChunks): left to V8, a 1 GiB PUT
 * held ~60 MiB of dead request chunks at a time (ADR 0032).
 */
async function* partsOf(body: Readable, buffers: PartBuffers, release: boolean): AsyncGenerator<Part> {
  const partSize = buffers.size;
  let held: Buffer | null = null; // a full part, held until we know whether more bytes follow
  let current = buffers.take();
  let filled = 0;
  for await (const chunk of body) {
    const buf: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    let offset = 0;
    while (offset < buf.length) {
      if (held) {
        const full: Buffer = held;
        held = null;
        yield { data: full, last: false, buffer: full };
      }
      const copied = buf.copy(current, filled, offset, Math.min(buf.length, offset + partSize - filled));
      filled += copied;
      offset += copied;
      if (filled === partSize) {
        held = current;
        current = buffers.take();
        filled = 0;
      }
    }
    if (release) releaseChunk(buf);
  }
  if (held) {
    buffers.give(current);
    yield { data: held, last: true, buffer: held };
  } else yield { data: current.subarray(0, filled), last: true, buffer: current };
}

/** A body declared smaller than one part, read into a buffer of exactly its size (longer or shorter: refused). */
async function readExactly(body: Readable, size: number, release: boolean): Promise<Buffer> {
  const out = Buffer.allocUnsafe(size);
  let filled = 0;
  for await (const chunk of body) {
    const buf: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    if (filled + buf.length > size)
      throw new StorageSizeError(`body was more than ${size} bytes, expected ${size}`);
    buf.copy(out, filled);
    filled += buf.length;
    if (release) releaseChunk(buf);
  }
  if (filled !== size) throw new StorageSizeError(`body was ${filled} bytes, expected ${size}`);
  return out;
}

export async function streamedWrite(
  target: WriteTarget,
  body: Readable,
  options: WriteOptions,
  basePart?: number,
): Promise<WriteResult> {
  const { client, bucket, key } = target;
  const signal = options.signal;
  signal?.throwIfAborted();
  // A stalled body would never notice the abort: end it so the loop below wakes up.
  const onAbort = () =>
    body.destroy(signal?.reason instanceof Error ? signal.reason : new Error('write aborted'));
  signal?.addEventListener('abort', onAbort, { once: true });
  const checkSize = (total: number) => {
    if (options.size !== undefined && total !== options.size)
      throw new StorageSizeError(`body was ${total} bytes, expected ${options.size}`);
  };
  try {
    const partSize = partSizeFor(options.size, basePart);
    const release = options.releaseChunks === true;
    if (options.size !== undefined && options.size < partSize) {
      const data = await readExactly(body, options.size, release);
      const res = await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: options.contentType,
        }),
        { abortSignal: signal },
      );
      return { size: data.length, etag: unquote(res.ETag) };
    }
    // In flight, plus the part being filled and a full one held until we know whether more bytes follow.
    const buffers = new PartBuffers(partSize, PARTS_IN_FLIGHT + 2);
    const parts = partsOf(body, buffers, release);
    const first = (await parts.next()).value as Part;
    if (first.last) {
      const size = first.data.length;
      checkSize(size);
      const res = await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: first.data,
          ContentLength: size,
          ContentType: options.contentType,
        }),
        { abortSignal: signal },
      );
      // Every view of the slab reads as empty from here on.
      buffers.finished();
      return { size, etag: unquote(res.ETag) };
    }

    const init = await client.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: options.contentType }),
      {
        abortSignal: signal,
      },
    );
    const uploadId = init.UploadId as string;
    await target.opened(uploadId);
    const inFlight = new Set<Promise<void>>();
    try {
      const done: MultipartPart[] = [];
      let failure: unknown = null;
      let total = 0;
      let partNumber = 0;
      const send = ({ data, buffer }: Part) => {
        const n = ++partNumber;
        total += data.length;
        const p: Promise<void> = client
          .send(
            new UploadPartCommand({
              Bucket: bucket,
              Key: key,
              UploadId: uploadId,
              PartNumber: n,
              Body: data,
              ContentLength: data.length,
            }),
            {
              abortSignal: signal,
            },
          )
          .then(
            (res) => {
              done.push({ partNumber: n, etag: res.ETag as string });
            },
            (err) => {
              failure ??= err;
            },
          )
          .finally(() => {
            inFlight.delete(p);
            buffers.give(buffer);
          });
        inFlight.add(p);
      };
      send(first);
      for await (const part of parts) {
        if (failure) break;
        if (part.data.length > 0) send(part);
        if (inFlight.size >= PARTS_IN_FLIGHT) await Promise.race(inFlight);
      }
      await Promise.all(inFlight);
      if (failure) throw failure;
      signal?.throwIfAborted();
      checkSize(total);
      done.sort((a, b) => a.partNumber - b.partNumber);
      const res = await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: done.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
        }),
        { abortSignal: signal },
      );
      buffers.finished();
      await target.closed(uploadId);
      return { size: total, etag: unquote(res.ETag) };
    } catch (err) {
      // Let parts already on the wire settle, so none lands after the abort.
      await Promise.allSettled(inFlight);
      await target.abort(uploadId);
      throw err;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
