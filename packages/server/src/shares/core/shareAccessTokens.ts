/**
 * A share-access token (links.md "Common rules"): what a visit or the right password hands back, sent
 * again as `X-Share-Token` (or `?token=` on plain links) so lists and downloads carry no password and
 * count no view. An HMAC, keyed from the server secret and the share kind, over the share's id, slug and
 * password hash with an expiry: it lasts an hour, and a new password (or a password set on an open share)
 * voids it. Stateless, so every server process accepts what any other issued.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SHARE_TOKEN_SECONDS = 60 * 60;

export interface TokenSubject {
  id: string;
  slug: string;
  password_hash: string | null;
}

export interface ShareAccessTokens {
  issue(share: TokenSubject, now: number): string;
  /** True when `token` was issued for this share as it stands and has not expired. */
  valid(share: TokenSubject, token: string, now: number): boolean;
}

/** `kind` keeps one kind's tokens from opening another's share of the same id. */
export function createShareAccessTokens(serverSecret: string, kind: string): ShareAccessTokens {
  const key = createHmac('sha256', serverSecret).update(`clip:share-access:${kind}:v1`).digest();
  const mac = (s: TokenSubject, exp: number) =>
    createHmac('sha256', key)
      .update(`${s.id}\n${s.slug}\n${s.password_hash ?? ''}\n${exp}`)
      .digest();
  return {
    issue(share, now) {
      const exp = Math.floor(now / 1000) + SHARE_TOKEN_SECONDS;
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
