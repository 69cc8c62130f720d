/** Keys: 32 random bytes, written as base64url (43 characters) in a link's fragment, `#k=<key>`. */
import { E2eError } from './errors.ts';
import { KEY_BYTES, PREFIX_BYTES } from './format.ts';

export function generateKey(): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(KEY_BYTES));
}

export function generatePrefix(): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(PREFIX_BYTES));
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding (RFC 4648 section 5); no Buffer, so the browser runs it too. */
export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += B64URL[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

/** null when `text` is not base64url. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let bits = 0;
  let value = 0;
  let o = 0;
  for (const ch of text) {
    value = (value << 6) | B64URL.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

export function encodeKey(key: Uint8Array): string {
  return toBase64Url(key);
}

/** The key in a `k=` value; an E2eError('missing-key') when it is absent or not 32 bytes. */
export function decodeKey(text: string | null | undefined): Uint8Array {
  if (!text) throw new E2eError('missing-key');
  const key = fromBase64Url(text.trim());
  if (!key || key.length !== KEY_BYTES)
    throw new E2eError('missing-key', 'the key in the link is incomplete');
  return key;
}

/** The `k` parameter of a URL fragment (`#k=...`, or `#...&k=...`); null when there is none. */
export function keyFromFragment(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get('k');
}

/** `url` with the key as its fragment: browsers never send a fragment to the server. */
export function withKeyFragment(url: string, key: Uint8Array): string {
  return `${url.replace(/#.*$/, '')}#k=${encodeKey(key)}`;
}
