/** Opaque random tokens, looked up by their SHA-256 hash. */
import { hash, randomBytes, randomFillSync } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

const SLUG_ALPHABET = 'abcdefghjkmnpqrstuvwxyzACDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Random bytes drawn from a pool refilled from the CSPRNG 4 KiB at a time (as Node's randomUUID does):
 * one call into OpenSSL per few hundred slugs instead of one per slug. Each byte is used once.
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;
function randomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++];
}

/** A random slug from an alphabet without look-alike characters. */
export function randomSlug(length = 6): string {
  let out = '';
  while (out.length < length) {
    // 4 * 54 = 216: rejecting bytes from 216 up keeps the choice uniform.
    const byte = randomByte();
    if (byte < 216) out += SLUG_ALPHABET[byte % SLUG_ALPHABET.length];
  }
  return out;
}
