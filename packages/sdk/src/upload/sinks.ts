/** Where a URL upload keeps the downloaded bytes until it uploads them. */
import { uploadCancelled } from './errors.ts';
import { blobSource } from './sources/blob.ts';
import type { UploadSource } from './types.ts';

export interface DownloadMeta {
  name: string;
  type: string | null;
}

/** Reads `body` to its end, counting bytes, and answers an upload source over what it kept. */
export type DownloadSink = (
  body: ReadableStream<Uint8Array>,
  meta: DownloadMeta,
  onBytes: (n: number) => void,
  signal?: AbortSignal,
) => Promise<UploadSource>;

/** Keeps the download in memory as a Blob (browsers; fine for files of ordinary size). */
export const blobSink: DownloadSink = async (body, meta, onBytes, signal) => {
  const chunks: Uint8Array[] = [];
  const reader = body.getReader();
  const onAbort = () => reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      onBytes(value.byteLength);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  // A cancelled read ends like a finished one: never upload a truncated download.
  if (signal?.aborted) throw uploadCancelled();
  const blob = new Blob(chunks as BlobPart[], meta.type ? { type: meta.type } : {});
  return blobSource(blob, meta.name);
};
