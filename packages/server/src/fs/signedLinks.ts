/**
 * Signed file-system links (`/api/fs/download|preview?path&exp&sig`): usable without an auth header, for
 * `<img>`/`<video>` and for file-links of local storage. HMAC over (mode, path, expiry) with a key
 * derived from the server secret, so every instance sharing the secret accepts every other's links.
 * A link is issued only to an actor that could read the path at that moment.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Clock, systemClock } from '../clock.ts';
import type { FsSignedMode } from './types.ts';

export interface FsLinkSigner {
  sign(path: string, mode: FsSignedMode, ttlSeconds: number, now?: number): { exp: number; sig: string };
  verify(path: string, mode: FsSignedMode, exp: unknown, sig: unknown, now?: number): boolean;
}

export function createFsLinkSigner(serverSecret: string, clock: Clock = systemClock): FsLinkSigner {
  const key = createHmac('sha256', serverSecret).update('clip:fs-links:v1').digest();
  const mac = (path: string, mode: FsSignedMode, exp: number) =>
    createHmac('sha256', key).update(`${mode}\n${path}\n${exp}`).digest();
  return {
    sign(path, mode, ttlSeconds, now = clock.now()) {
      const exp = Math.floor(now / 1000) + Math.max(1, Math.floor(ttlSeconds));
      return { exp, sig: mac(path, mode, exp).toString('base64url') };
    },
    verify(path, mode, exp, sig, now = clock.now()) {
      if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
      const expires = Number(exp);
      if (expires * 1000 <= now) return false;
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(path, mode, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
