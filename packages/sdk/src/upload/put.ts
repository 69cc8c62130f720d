/** One PUT of a byte range to a presigned storage URL, with its own time limit and honest byte counting. */
import type { FetchLike } from '../client.ts';
import { ClipError } from '../errors.ts';
import { storageRefusal, transferError } from './errors.ts';
import type { ProgressReporter } from './progress.ts';
import type { UploadSource } from './types.ts';

export interface PutContext {
  source: UploadSource;
  fetch: FetchLike;
  /** Aborts the PUT: the caller cancelled, or another part failed. */
  signal: AbortSignal;
  timeoutMs: number;
  reporter: ProgressReporter;
}

/**
 * PUTs bytes [start, end) of the source to `url` and answers the ETag the store gave (null when it
 * gave none). Bytes are counted as they go; a failed attempt takes its bytes back.
 */
export async function putRange(
  ctx: PutContext,
  url: string,
  start: number,
  end: number,
  headers: Record<string, string> = {},
): Promise<string | null> {
  const timeout = AbortSignal.timeout(ctx.timeoutMs);
  const signal = AbortSignal.any([ctx.signal, timeout]);
  let counted = 0;
  const onBytes = (n: number) => {
    counted += n;
    ctx.reporter.add(n);
  };
  const body = ctx.source.body(start, end, onBytes);
  const init = {
    method: 'PUT',
    body: body.body,
    headers: { ...headers, ...body.headers },
    signal,
    duplex: body.duplex,
  } as RequestInit;
  try {
    const res = await ctx.fetch(url, init);
    if (!res.ok) throw await storageRefusal(res);
    await res.arrayBuffer().catch(() => undefined);
    if (!body.streamsProgress) onBytes(end - start - counted);
    return res.headers.get('etag');
  } catch (err) {
    ctx.reporter.add(-counted);
    if (err instanceof ClipError) throw err;
    throw transferError(err, ctx.signal, timeout);
  }
}
