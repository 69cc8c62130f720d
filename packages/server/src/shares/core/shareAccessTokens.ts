/**
 * A share-access token (links.md "Common rules"): what a visit or the right password hands back, sent
 * again as `X-Share-Token` (or `?token=` on plain links) so lists and downloads carry no password and
 * count no view. An HMAC, keyed from the server secret and the share kind, over the share's id, slug and
 * password hash with an expiry: it lasts an hour, and a new password (or a password set on an open share)
 * voids it. Stateless, so every server process accepts what any other issued.
 *
 * The owner's reads get an owner token (`o` before it, its own MAC domain) for any share, protected or
 * not: reads made with it are the owner's, so they count no view and are not logged as visits.
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
  /** A token for the share's owner (the admin, or the key that made it). */
  issueOwner(share: TokenSubject, now: number): string;
  /** True when `token` is an owner token of this share as it stands and has not expired. */
  validOwner(share: TokenSubject, token: string, now: number): boolean;
}

type Role = 'reader' | 'owner';

/** Owner tokens start with this, so a reader's token is never taken for one. */
const OWNER_MARK = 'o';

/** `kind` keeps one kind's tokens from opening another's share of the same id. */
export function createShareAccessTokens(serverSecret: string, kind: string): ShareAccessTokens {
  const key = createHmac('sha256', serverSecret).update(`clip:share-access:${kind}:v1`).digest();
  const mac = (s: TokenSubject, exp: number, role: Role) =>
    createHmac('sha256', key)
      .update(`${s.id}\n${s.slug}\n${s.password_hash ?? ''}\n${exp}${role === 'owner' ? '\nowner' : ''}`)
      .digest();
  const issue = (share: TokenSubject, now: number, role: Role) => {
    const exp = Math.floor(now / 1000) + SHARE_TOKEN_SECONDS;
    return `${exp}.${mac(share, exp, role).toString('base64url')}`;
  };
  const check = (share: TokenSubject, token: string, now: number, role: Role) => {
    const m = /^(\d{1,12})\.([\w-]{1,100})$/.exec(token);
    if (!m || Number(m[1]) * 1000 <= now) return false;
    const given = Buffer.from(m[2], 'base64url');
    const expected = mac(share, Number(m[1]), role);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  return {
    issue: (share, now) => issue(share, now, 'reader'),
    valid: (share, token, now) => check(share, token, now, 'reader'),
    issueOwner: (share, now) => `${OWNER_MARK}${issue(share, now, 'owner')}`,
    validOwner: (share, token, now) =>
      token.startsWith(OWNER_MARK) && check(share, token.slice(OWNER_MARK.length), now, 'owner'),
  };
}
