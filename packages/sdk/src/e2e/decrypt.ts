/**
 * Decryption, streamed: the header and meta chunk are read and checked first (a wrong key is known
 * before any data), then each chunk is verified before its plaintext is handed on. A reader must treat
 * the plaintext as unverified until the generator finishes: only then is the stream known whole.
 */
import { ByteReader, concatBytes, IN_FLIGHT, inFlight } from './bytes.ts';
import { ChunkCipher, keyCheck, sameBytes } from './cipher.ts';
import { E2eError } from './errors.ts';
import { decodeMeta, type E2eMeta, HEADER_BYTES, parseHeader, plaintextSize, TAG_BYTES } from './format.ts';

export interface OpenedStream {
  meta: E2eMeta;
  /** The plaintext size of the whole stream when it is `streamBytes` long (null if it cannot be). */
  plaintextSize(streamBytes: number): number | null;
  /** The plaintext, verified chunk by chunk; throws an E2eError on tampering or truncation. */
  data: AsyncGenerator<Uint8Array>;
}

/** Opens `source` with `key`: resolves once the meta chunk is verified. */
export async function decryptStream(
  key: Uint8Array,
  source: AsyncIterable<Uint8Array>,
): Promise<OpenedStream> {
  const reader = new ByteReader(source);
  try {
    const header = parseHeader(await reader.read(HEADER_BYTES));
    if (!sameBytes(await keyCheck(key, header.prefix), header.keyCheck)) throw new E2eError('wrong-key');
    const cipher = await ChunkCipher.create(key, header.prefix, header.bytes);
    const sealedMeta = await reader.read(header.metaLength + TAG_BYTES);
    if (sealedMeta.length < header.metaLength + TAG_BYTES) throw new E2eError('truncated', 'meta');
    const metaIsLast = await reader.atEnd();
    const meta = decodeMeta(await openChunk(cipher, 0, sealedMeta, metaIsLast));
    return {
      meta,
      plaintextSize: (streamBytes) => plaintextSize(streamBytes, header.chunkSize, header.metaLength),
      data: dataChunks(reader, cipher, header.chunkSize, metaIsLast),
    };
  } catch (err) {
    await reader.close();
    throw err;
  }
}

async function* dataChunks(
  reader: ByteReader,
  cipher: ChunkCipher,
  chunkSize: number,
  done: boolean,
): AsyncGenerator<Uint8Array> {
  // A few chunks open at once (WebCrypto works off the main thread); they are handed on in order.
  const pending: Promise<Uint8Array>[] = [];
  try {
    let counter = 1;
    while (!done) {
      const sealed = await reader.read(chunkSize + TAG_BYTES);
      if (sealed.length === 0) throw new E2eError('truncated');
      const last = sealed.length < chunkSize + TAG_BYTES || (await reader.atEnd());
      pending.push(inFlight(openChunk(cipher, counter++, sealed, last)));
      done = last;
      if (pending.length >= IN_FLIGHT) yield await (pending.shift() as Promise<Uint8Array>);
    }
    while (pending.length > 0) yield await (pending.shift() as Promise<Uint8Array>);
  } finally {
    await reader.close();
  }
}

/** A chunk's plaintext; a chunk that opens only as "not last" where it ends the stream means truncation. */
async function openChunk(
  cipher: ChunkCipher,
  counter: number,
  sealed: Uint8Array,
  last: boolean,
): Promise<Uint8Array> {
  const plain = await cipher.open(counter, sealed, last);
  if (plain) return plain;
  if (last && (await cipher.open(counter, sealed, false))) throw new E2eError('truncated');
  throw new E2eError('corrupted', `chunk ${counter}`);
}

/** Decrypts a whole stream held in memory (a text share). */
export async function decryptBytes(
  key: Uint8Array,
  sealed: Uint8Array,
): Promise<{ meta: E2eMeta; data: Uint8Array }> {
  async function* one() {
    yield sealed;
  }
  const opened = await decryptStream(key, one());
  const parts: Uint8Array[] = [];
  for await (const part of opened.data) parts.push(part);
  return { meta: opened.meta, data: concatBytes(parts) };
}
