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

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits. Rows keyed by it
 * land at the end of their primary-key index instead of on a random page, so a group of inserts
 * (ADR 0025) dirties one or two index pages rather than one per row.
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  const b = new Array<number>(16);
  for (let i = 0; i < 6; i++) b[i] = Math.floor(now / 2 ** (8 * (5 - i))) % 256;
  for (let i = 6; i < 16; i++) b[i] = randomByte();
  b[6] = 0x70 | (b[6] & 0x0f);
  b[8] = 0x80 | (b[8] & 0x3f);
  const h = b.map((x) => HEX[x]);
  return `${h[0]}${h[1]}${h[2]}${h[3]}-${h[4]}${h[5]}-${h[6]}${h[7]}-${h[8]}${h[9]}-${h.slice(10).join('')}`;
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
