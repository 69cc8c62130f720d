/**
 * Who is asking over WebDAV: HTTP Basic (the admin's username and password, or an API key given as both
 * username and password), or the API's Bearer / ApiKey headers. Failures count against the client's one
 * credential budget, the same as the API's (services/authBudget.ts). An admin password is checked by the
 * login mechanism itself (adminAuth.verifyCredentials -> passwordChecks: the attempt counted atomically
 * before scrypt, concurrent checks per client capped), so a burst of parallel guesses runs at most the
 * allowed number of checks.
 * Verified admin passwords are remembered by a hash of (username, password, stored hash): no scrypt per
 * request, and a password change invalidates it everywhere because the stored hash changes.
 */
import { createHash } from 'node:crypto';
import type { Actor } from '../services/actor.ts';
import type { AdminAuthService } from '../services/adminAuthService.ts';
import type { ApiKeyService } from '../services/apiKeyService.ts';
import type { AuthBudget } from '../services/authBudget.ts';
import { DavStatus } from './paths.ts';

export const REALM = 'clip';
const VERIFIED_MAX = 1000;

export interface DavAuthDeps {
  adminAuth: AdminAuthService;
  apiKeys: ApiKeyService;
  budget: AuthBudget;
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

  const cacheKey = (username: string, password: string, hash: string) =>
    createHash('sha256').update(`${username}\0${password}\0${hash}`).digest('hex');

  /** The admin for a Basic username and password; null when wrong (the attempt is then counted). */
  async function adminActor(
    username: string,
    password: string,
    clientAddress: string,
  ): Promise<Actor | null> {
    const stored = await deps.adminAuth.storedHash(username);
    const known = stored !== null && verified.get(cacheKey(username, password, stored));
    if (known) return known;
    const admin = await deps.adminAuth.verifyCredentials(username, password, clientAddress);
    if (!admin) return null;
    const actor: Actor = { kind: 'admin', id: admin.id, username: admin.username };
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(cacheKey(username, password, admin.password_hash), actor);
    return actor;
  }

  /** The actor, or DavUnauthorized (401) / AppError 429 while the address is locked out. */
  return async function authenticate(header: string | undefined, clientAddress: string): Promise<Actor> {
    if (!header) throw new DavUnauthorized('authentication required');
    await deps.budget.check(clientAddress);
    const m = /^(Basic|Bearer|ApiKey)\s+(\S+)\s*$/i.exec(header);
    let actor: Actor | null = null;
    if (m) {
      const scheme = m[1].toLowerCase();
      if (scheme === 'basic') {
        const creds = decodeBasic(m[2]);
        if (creds && creds.user === creds.password) actor = await deps.apiKeys.actorForKey(creds.password);
        if (!actor && creds) {
          // The password check counted this attempt itself (and resets the count on success).
          actor = await adminActor(creds.user, creds.password, clientAddress);
          if (!actor) throw new DavUnauthorized('invalid credentials');
        }
      } else if (scheme === 'bearer') actor = await deps.adminAuth.actorForToken(m[2]);
      else actor = await deps.apiKeys.actorForKey(m[2]);
    }
    if (!actor) {
      // No password was checked (a token or key that is unknown, a malformed header): count it here.
      await deps.budget.miss(clientAddress);
      throw new DavUnauthorized('invalid credentials');
    }
    return actor;
  };
}

export type DavAuthenticate = ReturnType<typeof createDavAuth>;
