/**
 * The AES-256-GCM of the stream: the platform's own, WebCrypto in browsers (and the service worker)
 * and node:crypto in Node; everything above a chunk (the format, nonces, order, truncation) is one
 * implementation for both. `engines.test.ts` checks the two seal and open the same bytes.
 */
import { E2eError } from './errors.ts';
import { KEY_BYTES, nonceFor, TAG_BYTES } from './format.ts';

const KEY_CHECK_LABEL = new TextEncoder().encode('clip-e2e v1 key check');

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  // Browsers hide WebCrypto outside secure contexts (plain http on another host than localhost).
  if (!s) throw new Error('this page cannot encrypt: the browser offers WebCrypto only over https');
  return s;
}

/** One AES-256-GCM: seals and opens whole chunks (the 16-byte tag appended). */
interface Aead {
  seal(nonce: Uint8Array, aad: Uint8Array, plaintext: Uint8Array): Promise<Uint8Array>;
  /** null when the tag does not verify. */
  open(nonce: Uint8Array, aad: Uint8Array, sealed: Uint8Array): Promise<Uint8Array | null>;
}

export type CipherEngine = 'webcrypto' | 'node';

async function webCryptoAead(rawKey: Uint8Array): Promise<Aead> {
  const key = await subtle().importKey('raw', rawKey as BufferSource, 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ]);
  const params = (nonce: Uint8Array, aad: Uint8Array): AesGcmParams => ({
    name: 'AES-GCM',
    iv: nonce as BufferSource,
    additionalData: aad as BufferSource,
    tagLength: TAG_BYTES * 8,
  });
  return {
    async seal(nonce, aad, plaintext) {
      return new Uint8Array(await subtle().encrypt(params(nonce, aad), key, plaintext as BufferSource));
    },
    async open(nonce, aad, sealed) {
      try {
        return new Uint8Array(await subtle().decrypt(params(nonce, aad), key, sealed as BufferSource));
      } catch {
        return null;
      }
    },
  };
}

/** What the stream needs of node:crypto (typed here: the SDK's browser build has no Node types). */
interface NodeGcm {
  setAAD(aad: Uint8Array): void;
  update(data: Uint8Array): Uint8Array;
  final(): Uint8Array;
}
interface NodeCrypto {
  createCipheriv(
    alg: string,
    key: Uint8Array,
    iv: Uint8Array,
    o: object,
  ): NodeGcm & { getAuthTag(): Uint8Array };
  createDecipheriv(
    alg: string,
    key: Uint8Array,
    iv: Uint8Array,
    o: object,
  ): NodeGcm & { setAuthTag(t: Uint8Array): void };
}

/**
 * Node's own AES-GCM, reached without an import (so no bundler pulls node:crypto into a browser
 * build). It runs on the calling thread: WebCrypto in Node hands every 64 KiB chunk to the thread
 * pool and back, and on a loaded machine each of those hops waited for a core (a 1 GiB download
 * spent most of its time waiting, bench/results/e2e.md).
 */
function nodeCrypto(): NodeCrypto | null {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return (proc?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined) ?? null;
}

function nodeAead(node: NodeCrypto, rawKey: Uint8Array): Aead {
  const options = { authTagLength: TAG_BYTES };
  return {
    async seal(nonce, aad, plaintext) {
      const cipher = node.createCipheriv('aes-256-gcm', rawKey, nonce, options);
      cipher.setAAD(aad);
      const body = cipher.update(plaintext);
      const rest = cipher.final();
      const tag = cipher.getAuthTag();
      const out = new Uint8Array(body.length + rest.length + tag.length);
      out.set(body, 0);
      out.set(rest, body.length);
      out.set(tag, body.length + rest.length);
      return out;
    },
    async open(nonce, aad, sealed) {
      if (sealed.length < TAG_BYTES) return null;
      const decipher = node.createDecipheriv('aes-256-gcm', rawKey, nonce, options);
      decipher.setAAD(aad);
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      const body = decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES));
      try {
        const rest = decipher.final();
        if (rest.length === 0) return new Uint8Array(body.buffer, body.byteOffset, body.length);
        const out = new Uint8Array(body.length + rest.length);
        out.set(body, 0);
        out.set(rest, body.length);
        return out;
      } catch {
        return null;
      }
    },
  };
}

/** A chunk sealer/opener bound to one key, one nonce prefix and one header. */
export class ChunkCipher {
  readonly #aead: Aead;
  readonly #prefix: Uint8Array;
  readonly #aad: Uint8Array;
  private constructor(aead: Aead, prefix: Uint8Array, aad: Uint8Array) {
    this.#aead = aead;
    this.#prefix = prefix;
    this.#aad = aad;
  }

  /** `engine`: Node's own AES-GCM where there is one, else WebCrypto (tests pick one to compare them). */
  static async create(
    rawKey: Uint8Array,
    prefix: Uint8Array,
    header: Uint8Array,
    engine: CipherEngine = nodeCrypto() ? 'node' : 'webcrypto',
  ): Promise<ChunkCipher> {
    if (rawKey.length !== KEY_BYTES) throw new E2eError('missing-key', 'a key is 32 bytes');
    const node = engine === 'node' ? nodeCrypto() : null;
    if (engine === 'node' && !node) throw new Error('node:crypto is not available here');
    const aead = node ? nodeAead(node, Uint8Array.from(rawKey)) : await webCryptoAead(rawKey);
    return new ChunkCipher(aead, prefix, header);
  }

  seal(counter: number, plaintext: Uint8Array, last: boolean): Promise<Uint8Array> {
    return this.#aead.seal(nonceFor(this.#prefix, counter, last), this.#aad, plaintext);
  }

  /** The chunk's plaintext, or null when its tag does not verify with this counter and flag. */
  open(counter: number, sealed: Uint8Array, last: boolean): Promise<Uint8Array | null> {
    if (sealed.length < TAG_BYTES) return Promise.resolve(null);
    return this.#aead.open(nonceFor(this.#prefix, counter, last), this.#aad, sealed);
  }
}

/** SHA-256(label | key | prefix): lets a reader tell a wrong key from damaged data, and commits the stream to its key. */
export async function keyCheck(rawKey: Uint8Array, prefix: Uint8Array): Promise<Uint8Array> {
  const input = new Uint8Array(KEY_CHECK_LABEL.length + rawKey.length + prefix.length);
  input.set(KEY_CHECK_LABEL, 0);
  input.set(rawKey, KEY_CHECK_LABEL.length);
  input.set(prefix, KEY_CHECK_LABEL.length + rawKey.length);
  return new Uint8Array(await subtle().digest('SHA-256', input as BufferSource));
}

/** Constant-time enough for a 32-byte check the reader computes itself. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}
