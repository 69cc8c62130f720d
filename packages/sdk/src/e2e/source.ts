/**
 * Uploading encrypted: an UploadSource whose bytes are the stream over another source's plaintext.
 * Any byte range is made on demand from the plaintext it covers (EncryptionPlan.range), so direct,
 * presigned and multipart uploads, their parallel parts and their retries work unchanged, with
 * memory bounded by a few chunks per request. Needs a fetch that streams request bodies (Node's);
 * browsers encrypt into a Blob instead (blob.ts).
 */
import type { FormPost, RawResponse, UploadSource } from '../upload/types.ts';
import { bytesOf } from './bytes.ts';
import { EncryptionPlan } from './encrypt.ts';
import { toBase64Url } from './keys.ts';

/** The name and type an encrypted upload shows the server (the real ones are inside). */
export const SEALED_NAME = 'encrypted.clpe';
export const SEALED_TYPE = 'application/octet-stream';

export interface EncryptedSourceOptions {
  /** The nonce prefix: random unless resuming a stream whose prefix is known. */
  prefix?: Uint8Array;
}

/** The plaintext bytes [start, end) of a source, whatever its bodies are. */
function plaintextOf(plain: UploadSource) {
  return (start: number, end: number) =>
    bytesOf(plain.body(start, end, () => undefined).body as Blob | AsyncIterable<Uint8Array>);
}

async function* counted(source: AsyncIterable<Uint8Array>, onBytes: (n: number) => void) {
  for await (const bytes of source) {
    onBytes(bytes.length);
    yield bytes;
  }
}

export async function encryptedSource(
  plain: UploadSource,
  key: Uint8Array,
  options: EncryptedSourceOptions = {},
): Promise<UploadSource> {
  const plan = await EncryptionPlan.create(
    key,
    { name: plain.name, type: plain.type ?? 'application/octet-stream' },
    options,
  );
  const size = plan.sizeFor(plain.size);
  const range = (start: number, end: number, onBytes: (n: number) => void) =>
    counted(plan.range(plain.size, plaintextOf(plain), start, end), onBytes);
  return {
    name: SEALED_NAME,
    size,
    type: SEALED_TYPE,
    lastModified: plain.lastModified,
    body: (start, end, onBytes) => ({
      body: range(start, end, onBytes) as unknown as BodyInit,
      duplex: 'half',
      headers: { 'content-length': String(end - start) },
      streamsProgress: true,
    }),
    postForm: (request) => postForm(request, size, range, plain.postStream),
    get: plain.get,
    dispose: plain.dispose,
    fetch: plain.fetch,
  };
}

/** The whole stream as the `file` part of a multipart/form-data POST, streamed through the fetch. */
async function postForm(
  request: FormPost,
  size: number,
  range: (start: number, end: number, onBytes: (n: number) => void) => AsyncIterable<Uint8Array>,
  postStream: UploadSource['postStream'],
): Promise<RawResponse> {
  const boundary = `----clip-e2e-${toBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(24)))}`;
  const quote = (v: string) => v.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const text = new TextEncoder();
  const head = text.encode(
    `${request.fields
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${quote(k)}"\r\n\r\n${v}\r\n`)
      .join(
        '',
      )}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quote(request.filename)}"\r\nContent-Type: ${request.contentType}\r\n\r\n`,
  );
  const tail = text.encode(`\r\n--${boundary}--\r\n`);
  const headers = {
    ...request.headers,
    'content-type': `multipart/form-data; boundary=${boundary}`,
  };
  if (postStream) {
    async function* whole() {
      yield head;
      yield* range(0, size, request.onBytes);
      yield tail;
    }
    const length = head.length + size + tail.length;
    const { url, signal, onSent } = request;
    return postStream({ url, headers, body: whole(), size: length, signal, onSent });
  }
  async function* body() {
    yield head;
    yield* range(0, size, request.onBytes);
    yield tail;
    request.onSent();
  }
  const res = await request.fetch(request.url, {
    method: 'POST',
    headers: { ...headers, 'content-length': String(head.length + size + tail.length) },
    body: body() as unknown as BodyInit,
    duplex: 'half',
    signal: request.signal,
  } as RequestInit);
  return { status: res.status, statusText: res.statusText, text: await res.text() };
}
