/**
 * Signed file links: `?exp=<unix seconds>&sig=<HMAC>` over the share's id and slug, keyed by a key derived
 * from the server secret. Every instance sharing the secret accepts every other's links; renaming a slug
 * or deleting a share voids its links. Links handed to the share's owner are signed as the owner's
 * (`&by=owner`, inside the MAC): their downloads are the owner's and are not logged as visits.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface LinkSignature {
  exp: number;
  sig: string;
}

/** Whose link it is: a reader's, or the share's owner's. */
export type LinkRole = 'reader' | 'owner';

export interface LinkSigner {
  sign(share: { id: string; slug: string }, ttlSeconds: number, now?: number, role?: LinkRole): LinkSignature;
  /** True when `sig` was made by `sign` for this share and role, and `exp` has not passed. */
  verify(
    share: { id: string; slug: string },
    exp: unknown,
    sig: unknown,
    now?: number,
    role?: LinkRole,
  ): boolean;
}

export function createLinkSigner(serverSecret: string): LinkSigner {
  const key = createHmac('sha256', serverSecret).update('clip:file-links:v1').digest();
  const mac = (id: string, slug: string, exp: number, role: LinkRole) =>
    createHmac('sha256', key)
      .update(`${id}\n${slug}\n${exp}${role === 'owner' ? '\nowner' : ''}`)
      .digest();

  return {
    sign(share, ttlSeconds, now = Date.now(), role = 'reader') {
      const exp = Math.floor(now / 1000) + Math.max(1, Math.floor(ttlSeconds));
      return { exp, sig: mac(share.id, share.slug, exp, role).toString('base64url') };
    },
    verify(share, exp, sig, now = Date.now(), role = 'reader') {
      if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
      const expires = Number(exp);
      if (expires * 1000 <= now) return false;
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(share.id, share.slug, expires, role);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
