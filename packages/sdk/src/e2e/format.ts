/**
 * The byte layout of clip's end-to-end encrypted stream, version 1 (docs/e2e-format.md):
 *
 *   header  = magic "CLPE" | version 0x01 | chunk size u32 BE | nonce prefix (7) | meta length u16 BE | key check (32)
 *   chunk 0 = AES-256-GCM(meta JSON, padded with spaces)            nonce = prefix | u32 BE 0 | last flag
 *   chunk i = AES-256-GCM(plaintext bytes [(i-1)*size, i*size))     nonce = prefix | u32 BE i | last flag
 *
 * Every chunk's additional data is the whole header, so no header byte can change unnoticed. The last
 * chunk (the meta chunk when there is no data) has flag 0x01, every other 0x00: a stream cut at a chunk
 * boundary, or chunks swapped, fails to open.
 */
import { E2eError } from './errors.ts';

export const MAGIC = new Uint8Array([0x43, 0x4c, 0x50, 0x45]); // "CLPE"
export const VERSION = 1;
export const PREFIX_BYTES = 7;
export const KEY_BYTES = 32;
export const KEY_CHECK_BYTES = 32;
export const TAG_BYTES = 16;
export const HEADER_BYTES = 4 + 1 + 4 + PREFIX_BYTES + 2 + KEY_CHECK_BYTES; // 50
/** The largest (and default) plaintext per data chunk. */
export const MAX_CHUNK_BYTES = 64 * 1024;
/** The meta chunk's plaintext is padded to a multiple of this, so it tells little of the name's length. */
export const META_PAD = 128;
/** Bytes that always hold the header and the meta chunk, and one byte more when the stream goes on. */
export const STREAM_START_BYTES = HEADER_BYTES + 65535 + TAG_BYTES + 1;
/** The meta chunk's plaintext may not exceed this (a u16). */
export const MAX_META_BYTES = 65535 - (65535 % META_PAD);

/** What travels encrypted in the first chunk. */
export interface E2eMeta {
  /** The file name (or a text share's title; "" for none). */
  name: string;
  /** The content type, e.g. "text/markdown" for a Markdown text share. */
  type: string;
}

export interface Header {
  chunkSize: number;
  prefix: Uint8Array;
  metaLength: number;
  keyCheck: Uint8Array;
  /** The header's own bytes: every chunk's additional data. */
  bytes: Uint8Array;
}

export function encodeHeader(
  chunkSize: number,
  prefix: Uint8Array,
  metaLength: number,
  keyCheck: Uint8Array,
): Uint8Array {
  const bytes = new Uint8Array(HEADER_BYTES);
  const view = new DataView(bytes.buffer);
  bytes.set(MAGIC, 0);
  bytes[4] = VERSION;
  view.setUint32(5, chunkSize);
  bytes.set(prefix, 9);
  view.setUint16(9 + PREFIX_BYTES, metaLength);
  bytes.set(keyCheck, 18);
  return bytes;
}

export function parseHeader(bytes: Uint8Array): Header {
  if (bytes.length < HEADER_BYTES) throw new E2eError('truncated', 'header');
  for (let i = 0; i < MAGIC.length; i++) if (bytes[i] !== MAGIC[i]) throw new E2eError('not-encrypted');
  if (bytes[4] !== VERSION) throw new E2eError('not-encrypted', `version ${bytes[4]}`);
  const own = bytes.slice(0, HEADER_BYTES);
  const view = new DataView(own.buffer);
  const chunkSize = view.getUint32(5);
  const metaLength = view.getUint16(9 + PREFIX_BYTES);
  if (chunkSize < 1 || chunkSize > MAX_CHUNK_BYTES)
    throw new E2eError('corrupted', `chunk size ${chunkSize}`);
  if (metaLength % META_PAD !== 0 || metaLength === 0) throw new E2eError('corrupted', 'meta length');
  return {
    chunkSize,
    prefix: own.slice(9, 9 + PREFIX_BYTES),
    metaLength,
    keyCheck: own.slice(18, HEADER_BYTES),
    bytes: own,
  };
}

/** The 12-byte nonce of chunk `counter`. */
export function nonceFor(prefix: Uint8Array, counter: number, last: boolean): Uint8Array {
  if (!Number.isInteger(counter) || counter < 0 || counter > 0xffffffff)
    throw new RangeError('too many chunks for one stream');
  const nonce = new Uint8Array(12);
  nonce.set(prefix, 0);
  new DataView(nonce.buffer).setUint32(PREFIX_BYTES, counter);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

/** Meta as the first chunk's plaintext: JSON padded with spaces to a multiple of META_PAD. */
export function encodeMeta(meta: E2eMeta): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify({ name: meta.name, type: meta.type }));
  const length = Math.max(META_PAD, Math.ceil(json.length / META_PAD) * META_PAD);
  if (length > MAX_META_BYTES) throw new RangeError('file name and type are too long to encrypt');
  const padded = new Uint8Array(length).fill(0x20);
  padded.set(json, 0);
  return padded;
}

export function decodeMeta(bytes: Uint8Array): E2eMeta {
  try {
    const value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as Partial<E2eMeta>;
    if (typeof value.name === 'string' && typeof value.type === 'string')
      return { name: value.name, type: value.type };
  } catch {
    // Falls through: sealed by the right key yet unreadable means a broken writer, not an attacker.
  }
  throw new E2eError('corrupted', 'meta');
}

/** Data chunks for `dataBytes` of plaintext. */
export function dataChunkCount(dataBytes: number, chunkSize: number): number {
  return Math.ceil(dataBytes / chunkSize);
}

/** The plaintext size of a whole stream of `streamBytes` (null when no stream has that size). */
export function plaintextSize(streamBytes: number, chunkSize: number, metaLength: number): number | null {
  const data = streamBytes - HEADER_BYTES - metaLength - TAG_BYTES;
  if (data < 0) return null;
  const chunks = Math.ceil(data / (chunkSize + TAG_BYTES));
  const plain = data - chunks * TAG_BYTES;
  return plain >= 0 && encryptedSize(plain, metaLength, chunkSize) === streamBytes ? plain : null;
}

/** The exact ciphertext size of a stream: known before encrypting, so uploads can declare it. */
export function encryptedSize(dataBytes: number, metaLength: number, chunkSize = MAX_CHUNK_BYTES): number {
  return HEADER_BYTES + metaLength + TAG_BYTES + dataBytes + dataChunkCount(dataBytes, chunkSize) * TAG_BYTES;
}
