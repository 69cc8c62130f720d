/**
 * Browsers: a File encrypted into a Blob, chunk by chunk, read from the File as a stream. Browsers
 * cannot stream a request body over HTTP/1.1, so the upload sends this Blob; the browser keeps a
 * large Blob's parts on disk rather than in memory (Chromium's blob storage pages out past its
 * in-memory quota).
 */
import { bytesOf } from './bytes.ts';
import { encryptStream } from './encrypt.ts';
import type { E2eMeta } from './format.ts';
import { SEALED_TYPE } from './source.ts';

/** Blob parts of about this size keep the part list short for large files. */
const PART_BYTES = 4 * 1024 * 1024;

export async function encryptBlob(blob: Blob, key: Uint8Array, meta: E2eMeta): Promise<Blob> {
  const parts: Blob[] = [];
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  for await (const sealed of encryptStream(key, meta, bytesOf(blob))) {
    pending.push(sealed);
    pendingBytes += sealed.length;
    if (pendingBytes >= PART_BYTES) {
      parts.push(new Blob(pending as BlobPart[]));
      pending = [];
      pendingBytes = 0;
    }
  }
  parts.push(new Blob(pending as BlobPart[]));
  return new Blob(parts, { type: SEALED_TYPE });
}
