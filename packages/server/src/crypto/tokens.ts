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

/** `count` fresh bytes of the pool, as the offset they start at (the pool is refilled when short). */
function takeRandom(count: number): number {
  if (poolOffset > pool.length - count) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += count;
  return poolOffset - count;
}

const randomByte = (): number => pool[takeRandom(1)];

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits. Rows keyed by it
 * land at the end of their primary-key index instead of on a random page, so a group of inserts
 * (ADR 0025) dirties one or two index pages rather than one per row. Every access-log event and paste
 * makes one, so it is built from two hex strings, not sixteen bytes mapped and joined.
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  const time = Math.floor(now).toString(16).padStart(12, '0');
  const at = takeRandom(10);
  const random = pool.toString('hex', at, at + 10);
  // Byte 6 carries the version (7) in its high nibble, byte 8 the variant (10) in its two high bits.
  const variant = HEX[0x80 | (pool[at + 2] & 0x3f)];
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(1, 4)}-${variant}${random.slice(6, 8)}-${random.slice(8)}`;
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
