/** Opaque random tokens, looked up by their SHA-256 hash. */
import { hash, randomBytes } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

const SLUG_ALPHABET = 'abcdefghjkmnpqrstuvwxyzACDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random slug from an alphabet without look-alike characters. */
export function randomSlug(length = 6): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    // 2 * 54 = 108 is below 256, so rejecting values above 215 keeps the choice uniform.
    if (bytes[i] < 216) out += SLUG_ALPHABET[bytes[i] % SLUG_ALPHABET.length];
  }
  return out.length === length ? out : randomSlug(length);
}
