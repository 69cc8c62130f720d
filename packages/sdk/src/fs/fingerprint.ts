/**
 * A file's fingerprint for resuming: name, size, modification time and a digest of its first and last
 * 64 KiB. Cheap on any size (two small reads), and different for a different file at the same path.
 */
import type { UploadSource } from '../upload/types.ts';

const SAMPLE_BYTES = 64 * 1024;

/** Reads bytes [start, end) of a source into memory (only for small ranges). */
export async function readSourceBytes(source: UploadSource, start: number, end: number): Promise<Uint8Array> {
  const { body } = source.body(start, end, () => {});
  if (typeof Blob === 'function' && body instanceof Blob) return new Uint8Array(await body.arrayBuffer());
  if (body && typeof (body as unknown as AsyncIterable<Uint8Array>)[Symbol.asyncIterator] === 'function') {
    const chunks: Uint8Array[] = [];
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.byteLength;
    }
    return out;
  }
  return new Uint8Array(await new Response(body as BodyInit).arrayBuffer());
}

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

export async function sourceFingerprint(source: UploadSource, filename = source.name): Promise<string> {
  const head = await readSourceBytes(source, 0, Math.min(SAMPLE_BYTES, source.size));
  const tail = await readSourceBytes(source, Math.max(0, source.size - SAMPLE_BYTES), source.size);
  const meta = new TextEncoder().encode(
    `${filename}\n${source.size}\n${Math.floor(source.lastModified ?? 0)}\n`,
  );
  const all = new Uint8Array(meta.byteLength + head.byteLength + tail.byteLength);
  all.set(meta, 0);
  all.set(head, meta.byteLength);
  all.set(tail, meta.byteLength + head.byteLength);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', all);
  return `v1-${hex(digest).slice(0, 48)}`;
}
