/**
 * `fs.download(path, sink)`: streams a file into a sink (a Blob in browsers, a file on disk in Node)
 * and resumes by Range, both after a dropped connection within one call and, for Node files, across
 * runs (a `.part` file with the ETag it was started from). A Range answer for another version of the
 * file (a different ETag) or a plain 200 starts over from the first byte.
 */
import type { FsGetResult } from '../contract/index.ts';
import { ClipError } from '../errors.ts';
import type { ClipClient } from '../sdk.ts';
import { transferError, uploadCancelled } from '../upload/errors.ts';
import { ProgressReporter } from '../upload/progress.ts';
import { withRetries } from '../upload/retry.ts';
import type { UploadProgress } from '../upload/types.ts';

/** Where downloaded bytes go. `start` says how many bytes it already holds of the version `etag`. */
export interface FsDownloadSink<T> {
  /** Bytes already held from an earlier attempt of the same version (0 when none or another version). */
  start(info: { size: number; etag: string | null }): Promise<number>;
  /** Drops what it holds (the next bytes come from offset 0). */
  reset(): Promise<void>;
  write(chunk: Uint8Array): Promise<void>;
  /** Every byte is in: answers the result (the Blob, the file path). */
  finish(): Promise<T>;
  /** Gives up (keeps what a later resume may use). */
  fail?(): Promise<void>;
}

export interface FsDownloadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  /** Reconnects after a dropped transfer (default 3). */
  retries?: number;
  retryDelayMs?: number;
}

/** Keeps the download in memory and answers a Blob (browsers; Node callers with small files). */
export function blobDownloadSink(type?: string): FsDownloadSink<Blob> {
  let chunks: Uint8Array[] = [];
  let contentType = type;
  return {
    async start() {
      return chunks.reduce((n, c) => n + c.byteLength, 0);
    },
    async reset() {
      chunks = [];
    },
    async write(chunk) {
      chunks.push(chunk);
    },
    async finish() {
      const blob = new Blob(chunks as BlobPart[], contentType ? { type: contentType } : {});
      chunks = [];
      contentType = undefined;
      return blob;
    },
  };
}

export async function downloadPath<T>(
  client: ClipClient,
  path: string,
  sink: FsDownloadSink<T>,
  options: FsDownloadOptions = {},
): Promise<T> {
  const signal = options.signal ?? new AbortController().signal;
  const reporter = new ProgressReporter(options.onProgress);
  let meta: FsGetResult;
  try {
    meta = await client.fs.get(path, signal);
  } catch (err) {
    throw signal.aborted ? uploadCancelled() : err;
  }
  if (meta.type === 'folder') throw new ClipError(400, 'BAD_REQUEST', `"${path}" is a folder`);
  const size = meta.size ?? 0;
  reporter.phase('starting', size);
  let offset = await sink.start({ size, etag: meta.etag });
  reporter.add(offset);
  reporter.stage('downloading');
  try {
    await withRetries(
      async () => {
        if (offset >= size && size > 0) return;
        const headers: Record<string, string> = {};
        if (offset > 0) {
          headers.range = `bytes=${offset}-`;
          // Only the rest of the version we hold; another version answers whole (200) and we start over.
          if (meta.etag) headers['if-range'] = `"${stripWeak(meta.etag)}"`;
        }
        let res: Response;
        try {
          res = await client.fs.openDownload(path, { headers, signal });
        } catch (err) {
          throw err instanceof ClipError ? err : transferError(err, signal);
        }
        const sameVersion =
          !meta.etag ||
          !res.headers.get('etag') ||
          stripWeak(res.headers.get('etag')!) === stripWeak(meta.etag);
        if (offset > 0 && (res.status !== 206 || !sameVersion)) {
          // Not the rest of the same file: start over.
          reporter.add(-offset);
          offset = 0;
          await sink.reset();
          if (res.status === 206) {
            await res.body?.cancel();
            throw new ClipError(0, 'NETWORK_ERROR', 'the file changed during the download; starting over');
          }
        }
        if (!res.body) return;
        const reader = res.body.getReader();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            await sink.write(value);
            offset += value.byteLength;
            reporter.add(value.byteLength);
            if (signal.aborted) {
              await reader.cancel().catch(() => undefined);
              throw uploadCancelled();
            }
          }
        } catch (err) {
          throw err instanceof ClipError ? err : transferError(err, signal);
        }
        if (size > 0 && offset < size) throw new ClipError(0, 'NETWORK_ERROR', 'the download ended early');
      },
      { retries: options.retries ?? 3, baseDelayMs: options.retryDelayMs ?? 500, signal },
    );
    const result = await sink.finish();
    reporter.stage('completed');
    return result;
  } catch (err) {
    await sink.fail?.();
    throw signal.aborted ? uploadCancelled() : err;
  }
}

const stripWeak = (etag: string) => etag.replace(/^W\//, '').replace(/"/g, '');
