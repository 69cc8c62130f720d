/**
 * The one AES-256-GCM of the stream, through WebCrypto: `globalThis.crypto.subtle` is the same API in
 * browsers and in Node, so the web app and the CLI run this very code.
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

/** A chunk sealer/opener bound to one key, one nonce prefix and one header. */
export class ChunkCipher {
  readonly #key: CryptoKey;
  readonly #prefix: Uint8Array;
  readonly #aad: Uint8Array;
  private constructor(key: CryptoKey, prefix: Uint8Array, aad: Uint8Array) {
    this.#key = key;
    this.#prefix = prefix;
    this.#aad = aad;
  }

  static async create(rawKey: Uint8Array, prefix: Uint8Array, header: Uint8Array): Promise<ChunkCipher> {
    if (rawKey.length !== KEY_BYTES) throw new E2eError('missing-key', 'a key is 32 bytes');
    const key = await subtle().importKey('raw', rawKey as BufferSource, 'AES-GCM', false, [
      'encrypt',
      'decrypt',
    ]);
    return new ChunkCipher(key, prefix, header);
  }

  async seal(counter: number, plaintext: Uint8Array, last: boolean): Promise<Uint8Array> {
    const sealed = await subtle().encrypt(this.#params(counter, last), this.#key, plaintext as BufferSource);
    return new Uint8Array(sealed);
  }

  /** The chunk's plaintext, or null when its tag does not verify with this counter and flag. */
  async open(counter: number, sealed: Uint8Array, last: boolean): Promise<Uint8Array | null> {
    if (sealed.length < TAG_BYTES) return null;
    try {
      return new Uint8Array(
        await subtle().decrypt(this.#params(counter, last), this.#key, sealed as BufferSource),
      );
    } catch {
      return null;
    }
  }

  #params(counter: number, last: boolean): AesGcmParams {
    return {
      name: 'AES-GCM',
      iv: nonceFor(this.#prefix, counter, last) as BufferSource,
      additionalData: this.#aad as BufferSource,
      tagLength: TAG_BYTES * 8,
    };
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
