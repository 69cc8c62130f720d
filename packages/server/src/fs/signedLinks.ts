/**
 * Signed file-system links (`/api/fs/download|preview|put?path&by&exp&sig`): usable without an auth
 * header, for `<img>`/`<video>`, file-links of local storage and the client-side copy's uploads. HMAC
 * over every claim the link makes (mode, path, issuer, and for a PUT its size and single-use id) with a
 * key derived from the server secret, so every instance sharing the secret accepts every other's links.
 * The signature only proves what was issued: the issuer is checked again on every use (fs/linkIssuer.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Clock, systemClock } from '../clock.ts';
import type { FsSignedMode } from './types.ts';

/** What a link grants; all of it is signed, so changing any part (adding `render=html`) voids the link. */
export interface FsLinkClaims {
  mode: FsSignedMode;
  path: string;
  /** `admin:<id>` or `apikey:<id>` (linkIssuer.ts). */
  issuer: string;
  /** `put`: the exact length of the one body the link takes. */
  size?: number;
  /** `put`: the id under which the link's one use is recorded (signedWriteStore.ts). */
  nonce?: string;
}

export interface FsLinkSigner {
  sign(claims: FsLinkClaims, ttlSeconds: number, now?: number): { exp: number; sig: string };
  verify(claims: FsLinkClaims, exp: unknown, sig: unknown, now?: number): boolean;
}

export function createFsLinkSigner(serverSecret: string, clock: Clock = systemClock): FsLinkSigner {
  // v2: links signed before issuers were part of the signature (v1) are all void.
  const key = createHmac('sha256', serverSecret).update('clip:fs-links:v2').digest();
  const mac = (c: FsLinkClaims, exp: number) =>
    createHmac('sha256', key)
      .update([c.mode, c.path, c.issuer, c.size ?? '', c.nonce ?? '', exp].join('\n'))
      .digest();
  return {
    sign(claims, ttlSeconds, now = clock.now()) {
      const exp = Math.floor(now / 1000) + Math.max(1, Math.floor(ttlSeconds));
      return { exp, sig: mac(claims, exp).toString('base64url') };
    },
    verify(claims, exp, sig, now = clock.now()) {
      if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
      const expires = Number(exp);
      if (expires * 1000 <= now) return false;
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(claims, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
