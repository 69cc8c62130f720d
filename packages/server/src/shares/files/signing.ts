/**
 * Signed file links: `?exp=<unix seconds>&sig=<HMAC>` over the share's id and slug, keyed by a key derived
 * from the server secret. Every instance sharing the secret accepts every other's links; renaming a slug
 * or deleting a share voids its links.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface LinkSignature {
  exp: number;
  sig: string;
}

export interface LinkSigner {
  sign(share: { id: string; slug: string }, ttlSeconds: number, now?: number): LinkSignature;
  /** True when `sig` was made by `sign` for this share and `exp` has not passed. */
  verify(share: { id: string; slug: string }, exp: unknown, sig: unknown, now?: number): boolean;
}

export function createLinkSigner(serverSecret: string): LinkSigner {
  const key = createHmac('sha256', serverSecret).update('clip:file-links:v1').digest();
  const mac = (id: string, slug: string, exp: number) =>
    createHmac('sha256', key).update(`${id}\n${slug}\n${exp}`).digest();

  return {
    sign(share, ttlSeconds, now = Date.now()) {
      const exp = Math.floor(now / 1000) + Math.max(1, Math.floor(ttlSeconds));
      return { exp, sig: mac(share.id, share.slug, exp).toString('base64url') };
    },
    verify(share, exp, sig, now = Date.now()) {
      if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
      const expires = Number(exp);
      if (expires * 1000 <= now) return false;
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(share.id, share.slug, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
