/**
 * Moves the bytes of one client-side copy item: a presigned (or signed) GET of the source piped into a
 * presigned PUT of the target, whole for small objects and part by part (ranged GETs) for large ones, so
 * memory stays bounded. In Node the bytes stream straight through; in browsers one item or part is held
 * as a Blob at a time.
 */
import type { FetchLike } from '../client.ts';
import { ClipError } from '../errors.ts';
import { storageRefusal, transferError } from '../upload/errors.ts';

const streamsRequestBodies = typeof process !== 'undefined' && Boolean(process.versions?.node);

export interface TransferContext {
  fetch: FetchLike;
  signal: AbortSignal;
  timeoutMs: number;
  onPhase(phase: 'downloading' | 'uploading'): void;
  onBytes(n: number): void;
}

/** GETs [start, end) of `from` and PUTs it to `to`; answers the PUT's ETag. */
export async function copyRange(
  ctx: TransferContext,
  from: string,
  to: string,
  range: { start: number; end: number; whole: boolean },
  headers: Record<string, string> = {},
): Promise<string | null> {
  const timeout = AbortSignal.timeout(ctx.timeoutMs);
  const signal = AbortSignal.any([ctx.signal, timeout]);
  const length = range.end - range.start;
  let counted = 0;
  try {
    ctx.onPhase('downloading');
    const get = await ctx.fetch(from, {
      method: 'GET',
      signal,
      headers: range.whole || length === 0 ? {} : { range: `bytes=${range.start}-${range.end - 1}` },
    });
    if (!get.ok) throw await storageRefusal(get);
    let body: BodyInit;
    const extra: Record<string, string> = {};
    if (streamsRequestBodies && get.body && length > 0) {
      const reader = get.body.getReader();
      // Counts bytes as the PUT pulls them: the download and the upload advance together.
      body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) {
            ctx.onPhase('uploading');
            controller.close();
            return;
          }
          counted += value.byteLength;
          ctx.onBytes(value.byteLength);
          controller.enqueue(value);
        },
        cancel: (reason) => reader.cancel(reason),
      });
      extra['content-length'] = String(length);
    } else {
      const blob = await get.blob();
      if (blob.size !== length)
        throw new ClipError(
          0,
          'UPSTREAM_FAILED',
          `the source answered ${blob.size} bytes, expected ${length}`,
        );
      counted = blob.size;
      ctx.onBytes(blob.size);
      ctx.onPhase('uploading');
      body = blob;
    }
    const put = await ctx.fetch(to, {
      method: 'PUT',
      body,
      headers: { ...headers, ...extra },
      signal,
      duplex: 'half',
    } as RequestInit);
    if (!put.ok) throw await storageRefusal(put);
    await put.arrayBuffer().catch(() => undefined);
    if (counted !== length)
      throw new ClipError(0, 'UPSTREAM_FAILED', `copied ${counted} bytes, expected ${length}`);
    return put.headers.get('etag');
  } catch (err) {
    ctx.onBytes(-counted);
    throw transferError(err, ctx.signal, timeout);
  }
}
