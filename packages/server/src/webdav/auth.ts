/**
 * Who is asking over WebDAV: HTTP Basic (the admin's username and password, or an API key given as both
 * username and password), or the API's Bearer / ApiKey headers. Failures count against the same
 * database-backed rate limiter as login. Verified admin passwords are remembered by a hash of
 * (username, password, stored hash): no scrypt per request, and a password change invalidates it
 * everywhere because the stored hash changes. Nothing is keyed by address or user agent.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { verifyPassword } from '../crypto/passwords.ts';
import { AppError } from '../http/appError.ts';
import type { Actor } from '../services/actor.ts';
import type { AdminAuthService } from '../services/adminAuthService.ts';
import type { ApiKeyService } from '../services/apiKeyService.ts';
import type { RateLimiter } from '../services/rateLimiter.ts';
import { DavStatus } from './paths.ts';

export const REALM = 'clip';
const VERIFIED_MAX = 1000;

export interface DavAuthDeps {
  knex: Knex;
  adminAuth: AdminAuthService;
  apiKeys: ApiKeyService;
  limiter: RateLimiter;
}

export class DavUnauthorized extends DavStatus {
  constructor(message: string) {
    super(401, message);
  }
}

function decodeBasic(value: string): { user: string; password: string } | null {
  const text = Buffer.from(value, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  return { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

export function createDavAuth(deps: DavAuthDeps) {
  const verified = new Map<string, Actor>();

  async function adminActor(
    username: string,
    password: string,
  ): Promise<{ actor: Actor; fresh: boolean } | null> {
    const admin = await deps.knex('admins').where({ username }).first('id', 'username', 'password_hash');
    if (!admin) return null;
    const key = createHash('sha256').update(`${username}\0${password}\0${admin.password_hash}`).digest('hex');
    const known = verified.get(key);
    if (known) return { actor: known, fresh: false };
    if (!(await verifyPassword(password, admin.password_hash))) return null;
    const actor: Actor = { kind: 'admin', id: admin.id, username: admin.username };
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(key, actor);
    return { actor, fresh: true };
  }

  /** The actor, or DavUnauthorized (401) / AppError 429 while the address is locked out. */
  return async function authenticate(header: string | undefined, clientAddress: string): Promise<Actor> {
    if (!header) throw new DavUnauthorized('authentication required');
    const limitKey = `dav:${clientAddress}`;
    await deps.limiter.check(limitKey);
    const m = /^(Basic|Bearer|ApiKey)\s+(\S+)\s*$/i.exec(header);
    let result: { actor: Actor; fresh: boolean } | null = null;
    if (m) {
      const scheme = m[1].toLowerCase();
      if (scheme === 'basic') {
        const creds = decodeBasic(m[2]);
        if (creds && creds.user === creds.password) {
          const actor = await deps.apiKeys.actorForKey(creds.password);
          if (actor) result = { actor, fresh: false };
        }
        if (!result && creds) result = await adminActor(creds.user, creds.password);
      } else if (scheme === 'bearer') {
        const actor = await deps.adminAuth.actorForToken(m[2]);
        if (actor) result = { actor, fresh: false };
      } else {
        const actor = await deps.apiKeys.actorForKey(m[2]);
        if (actor) result = { actor, fresh: false };
      }
    }
    if (!result) {
      await deps.limiter.recordFailure(limitKey);
      throw new DavUnauthorized('invalid credentials');
    }
    if (result.fresh) await deps.limiter.reset(limitKey);
    return result.actor;
  };
}

export type DavAuthenticate = ReturnType<typeof createDavAuth>;

export const isRateLimited = (err: unknown): err is AppError => err instanceof AppError && err.status === 429;
