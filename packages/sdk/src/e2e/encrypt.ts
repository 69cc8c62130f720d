/**
 * Encryption, streamed: `encryptStream` for a source read once from start to end (bounded memory: a
 * few chunks in flight), and `EncryptionPlan.range` for any byte range of the ciphertext, made again
 * from the plaintext on demand. A chunk is a pure function of key, prefix, counter and plaintext, so a
 * resumed or retried upload part is byte for byte what the first try sent.
 */
import { concatBytes, IN_FLIGHT, inFlight, rechunk } from './bytes.ts';
import { ChunkCipher, keyCheck } from './cipher.ts';
import {
  type E2eMeta,
  encodeHeader,
  encodeMeta,
  encryptedSize,
  HEADER_BYTES,
  MAX_CHUNK_BYTES,
  PREFIX_BYTES,
  TAG_BYTES,
} from './format.ts';
import { generatePrefix } from './keys.ts';

export interface EncryptOptions {
  /** Plaintext bytes per data chunk, 1 to 65536 (default 65536). */
  chunkSize?: number;
  /** The nonce prefix; random by default. Fixed only for test vectors and resumed uploads. */
  prefix?: Uint8Array;
}

/** Everything fixed about one stream before its data is read: the header, the meta chunk, the sizes. */
export class EncryptionPlan {
  readonly header: Uint8Array;
  readonly chunkSize: number;
  readonly #cipher: ChunkCipher;
  readonly #meta: Uint8Array;
  private constructor(header: Uint8Array, chunkSize: number, cipher: ChunkCipher, meta: Uint8Array) {
    this.header = header;
    this.chunkSize = chunkSize;
    this.#cipher = cipher;
    this.#meta = meta;
  }

  static async create(key: Uint8Array, meta: E2eMeta, options: EncryptOptions = {}): Promise<EncryptionPlan> {
    const chunkSize = options.chunkSize ?? MAX_CHUNK_BYTES;
    if (!Number.isInteger(chunkSize) || chunkSize < 1 || chunkSize > MAX_CHUNK_BYTES)
      throw new RangeError(`chunk size must be 1 to ${MAX_CHUNK_BYTES} bytes`);
    const prefix = options.prefix ?? generatePrefix();
    if (prefix.length !== PREFIX_BYTES) throw new RangeError(`the nonce prefix is ${PREFIX_BYTES} bytes`);
    const metaBytes = encodeMeta(meta);
    const header = encodeHeader(chunkSize, prefix, metaBytes.length, await keyCheck(key, prefix));
    return new EncryptionPlan(header, chunkSize, await ChunkCipher.create(key, prefix, header), metaBytes);
  }

  /** The ciphertext's size for `dataBytes` of plaintext. */
  sizeFor(dataBytes: number): number {
    return encryptedSize(dataBytes, this.#meta.length, this.chunkSize);
  }

  metaChunk(last: boolean): Promise<Uint8Array> {
    return this.#cipher.seal(0, this.#meta, last);
  }

  /** Data chunk `index` (0-based; its counter is index + 1). */
  dataChunk(index: number, plaintext: Uint8Array, last: boolean): Promise<Uint8Array> {
    return this.#cipher.seal(index + 1, plaintext, last);
  }

  /** Where data chunk `index` starts in the ciphertext. */
  dataChunkOffset(index: number): number {
    return HEADER_BYTES + this.#meta.length + TAG_BYTES + index * (this.chunkSize + TAG_BYTES);
  }

  /** The whole stream for a source read once (its size need not be known). */
  async *stream(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    yield this.header;
    const pending: Promise<Uint8Array>[] = [];
    let held: Uint8Array | null = null;
    let index = 0;
    let metaSent = false;
    for await (const piece of rechunk(source, this.chunkSize)) {
      if (!metaSent) {
        yield await this.metaChunk(false);
        metaSent = true;
      }
      if (held) pending.push(inFlight(this.dataChunk(index++, held, false)));
      held = piece;
      if (pending.length >= IN_FLIGHT) yield await (pending.shift() as Promise<Uint8Array>);
    }
    if (!metaSent) {
      yield await this.metaChunk(true);
      return;
    }
    if (held) pending.push(inFlight(this.dataChunk(index, held, true)));
    for (const sealed of pending) yield await sealed;
  }

  /**
   * Ciphertext bytes [start, end) of a stream over `dataBytes` of plaintext, reading only the plaintext
   * those bytes cover through `read(plainStart, plainEnd)`.
   */
  async *range(
    dataBytes: number,
    read: (start: number, end: number) => AsyncIterable<Uint8Array>,
    start: number,
    end: number,
  ): AsyncGenerator<Uint8Array> {
    const total = this.sizeFor(dataBytes);
    end = Math.min(end, total);
    if (start >= end) return;
    const chunks = Math.ceil(dataBytes / this.chunkSize);
    const clip = (bytes: Uint8Array, at: number) =>
      bytes.subarray(Math.max(0, start - at), Math.max(0, Math.min(bytes.length, end - at)));
    if (start < HEADER_BYTES) yield clip(this.header, 0);
    const metaEnd = this.dataChunkOffset(0);
    if (start < metaEnd && end > HEADER_BYTES) yield clip(await this.metaChunk(chunks === 0), HEADER_BYTES);
    if (end <= metaEnd) return;
    const step = this.chunkSize + TAG_BYTES;
    const first = Math.max(0, Math.floor((start - metaEnd) / step));
    const last = Math.min(chunks - 1, Math.floor((end - 1 - metaEnd) / step));
    const plainEnd = Math.min(dataBytes, (last + 1) * this.chunkSize);
    const pending: { index: number; sealed: Promise<Uint8Array> }[] = [];
    let index = first;
    for await (const piece of rechunk(read(first * this.chunkSize, plainEnd), this.chunkSize)) {
      pending.push({ index, sealed: inFlight(this.dataChunk(index, piece, index === chunks - 1)) });
      index++;
      if (pending.length >= IN_FLIGHT) {
        const next = pending.shift() as (typeof pending)[number];
        yield clip(await next.sealed, this.dataChunkOffset(next.index));
      }
    }
    for (const next of pending) yield clip(await next.sealed, this.dataChunkOffset(next.index));
    if (index !== last + 1) throw new Error('the file changed while it was being encrypted');
  }
}

/** Encrypts `source` as one stream under `key`. */
export async function* encryptStream(
  key: Uint8Array,
  meta: E2eMeta,
  source: AsyncIterable<Uint8Array>,
  options: EncryptOptions = {},
): AsyncGenerator<Uint8Array> {
  const plan = await EncryptionPlan.create(key, meta, options);
  yield* plan.stream(source);
}

/** Encrypts bytes held in memory (a text share). */
export async function encryptBytes(
  key: Uint8Array,
  meta: E2eMeta,
  data: Uint8Array,
  options: EncryptOptions = {},
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  async function* one() {
    yield data;
  }
  for await (const part of encryptStream(key, meta, one(), options)) parts.push(part);
  return concatBytes(parts);
}
