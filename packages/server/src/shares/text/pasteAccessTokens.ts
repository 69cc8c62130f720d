/**
 * A protected text share's access token: what a reader gets back for the right password, so its raw
 * link (`/raw/{slug}?token=`) carries no password for browser history and proxy logs to keep. An HMAC,
 * keyed from the server secret, over the share's id, slug and password hash with an expiry: it lasts
 * an hour (links.md), and a new password or slug voids it. The owner's reads get an owner token
 * (`o` before it, its own MAC domain) for any share, protected or not: raw reads made with it are the
 * owner's, so they count no view and are not logged as visits.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PASTE_TOKEN_SECONDS = 60 * 60;

interface Protected {
  id: string;
  slug: string;
  password_hash: string;
}

interface Share {
  id: string;
  slug: string;
  password_hash: string | null;
}

export interface PasteTokens {
  issue(share: Protected, now: number): string;
  /** True when `token` was issued for this share as it stands and has not expired. */
  valid(share: Protected, token: string, now: number): boolean;
  /** A token for the share's owner (the admin, or the key that made it). */
  issueOwner(share: Share, now: number): string;
  /** True when `token` is an owner token of this share as it stands and has not expired. */
  validOwner(share: Share, token: string, now: number): boolean;
}

/** Owner tokens start with this, so a reader's token is never taken for one. */
const OWNER_MARK = 'o';

export function createPasteTokens(serverSecret: string): PasteTokens {
  const key = createHmac('sha256', serverSecret).update('clip:paste-access:v1').digest();
  const mac = (s: Share, exp: number, role: 'reader' | 'owner' = 'reader') =>
    createHmac('sha256', key)
      .update(`${s.id}\n${s.slug}\n${s.password_hash ?? ''}\n${exp}${role === 'owner' ? '\nowner' : ''}`)
      .digest();
  const check = (share: Share, token: string, now: number, role: 'reader' | 'owner') => {
    const m = /^(\d{1,12})\.([\w-]{1,100})$/.exec(token);
    if (!m || Number(m[1]) * 1000 <= now) return false;
    const given = Buffer.from(m[2], 'base64url');
    const expected = mac(share, Number(m[1]), role);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  return {
    issue(share, now) {
      const exp = Math.floor(now / 1000) + PASTE_TOKEN_SECONDS;
      return `${exp}.${mac(share, exp).toString('base64url')}`;
    },
    valid: (share, token, now) => check(share, token, now, 'reader'),
    issueOwner(share, now) {
      const exp = Math.floor(now / 1000) + PASTE_TOKEN_SECONDS;
      return `${OWNER_MARK}${exp}.${mac(share, exp, 'owner').toString('base64url')}`;
    },
    validOwner: (share, token, now) =>
      token.startsWith(OWNER_MARK) && check(share, token.slice(OWNER_MARK.length), now, 'owner'),
  };
}
