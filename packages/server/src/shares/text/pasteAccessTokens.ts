/**
 * A protected text share's access token: what a reader gets back for the right password, so its raw
 * link (`/raw/{slug}?token=`) carries no password for browser history and proxy logs to keep. An HMAC,
 * keyed from the server secret, over the share's id, slug and password hash with an expiry: it lasts
 * an hour (links.md), and a new password or slug voids it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PASTE_TOKEN_SECONDS = 60 * 60;

interface Protected {
  id: string;
  slug: string;
  password_hash: string;
}

export interface PasteTokens {
  issue(share: Protected, now: number): string;
  /** True when `token` was issued for this share as it stands and has not expired. */
  valid(share: Protected, token: string, now: number): boolean;
}

export function createPasteTokens(serverSecret: string): PasteTokens {
  const key = createHmac('sha256', serverSecret).update('clip:paste-access:v1').digest();
  const mac = (s: Protected, exp: number) =>
    createHmac('sha256', key).update(`${s.id}\n${s.slug}\n${s.password_hash}\n${exp}`).digest();
  return {
    issue(share, now) {
      const exp = Math.floor(now / 1000) + PASTE_TOKEN_SECONDS;
      return `${exp}.${mac(share, exp).toString('base64url')}`;
    },
    valid(share, token, now) {
      const m = /^(\d{1,12})\.([\w-]{1,100})$/.exec(token);
      if (!m || Number(m[1]) * 1000 <= now) return false;
      const given = Buffer.from(m[2], 'base64url');
      const expected = mac(share, Number(m[1]));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
