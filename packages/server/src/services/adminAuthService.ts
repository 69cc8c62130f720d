/** Admin accounts, login with rate limiting, opaque tokens stored hashed, and password change. */

import { randomUUID } from 'node:crypto';
import {
  ADMIN_TOKEN_TTL_MS,
  type AdminTokenInfo,
  type ChangePasswordBody,
  type LoginResult,
} from '@clip/sdk/contract';
import { type Clock, systemClock } from '../clock.ts';
import { hashPassword } from '../crypto/passwords.ts';
import { randomToken, sha256 } from '../crypto/tokens.ts';
import { isUniqueViolation } from '../db/connect.ts';
import { badRequest, conflict, unauthorized } from '../http/appError.ts';
import type { Actor } from './actor.ts';
import type { AdminStore } from './adminStore.ts';
import { authBudgetKey } from './authBudget.ts';
import type { PasswordChecks } from './passwordChecks.ts';

export interface AdminAuthService {
  /** Creates the first admin when there is none; answers the generated password when it made one up. */
  ensureFirstAdmin(
    username: string | null,
    password: string | null,
  ): Promise<{ username: string; generatedPassword: string | null } | null>;
  login(username: string, password: string, clientAddress: string): Promise<LoginResult>;
  /**
   * Checks an admin's username and password the way login does (the attempt counted against the client's
   * one credential budget before scrypt runs, concurrent checks per client capped, an unknown name
   * verified against a dummy hash). Answers the admin, or null for wrong credentials; 429 while the
   * client's budget is spent.
   */
  verifyCredentials(
    username: string,
    password: string,
    clientAddress: string,
  ): Promise<{ id: string; username: string; password_hash: string } | null>;
  /** The stored password hash of an admin (what a remembered WebDAV login is keyed on), or null. */
  storedHash(username: string): Promise<string | null>;
  logout(token: string): Promise<void>;
  /** The admin actor for a bearer token, or null when it is unknown or expired. */
  actorForToken(token: string): Promise<Actor | null>;
  /** The admin actor for an admin id (a signed link's issuer), or null when that admin is gone. */
  actorForId(id: string): Promise<Actor | null>;
  tokenInfo(actor: Actor): AdminTokenInfo;
  changePassword(
    actor: Actor & { kind: 'admin' },
    body: ChangePasswordBody,
    currentToken: string,
    clientAddress: string,
  ): Promise<void>;
}

const usernameTaken = (name: string) => conflict(`username "${name}" is taken`);

export function createAdminAuthService(
  admins: AdminStore,
  passwords: PasswordChecks,
  clock: Clock = systemClock,
): AdminAuthService {
  async function issueToken(adminId: string): Promise<LoginResult> {
    const token = randomToken();
    const now = clock.now();
    const expiresAt = now + ADMIN_TOKEN_TTL_MS;
    await admins.addToken({
      token_hash: sha256(token),
      admin_id: adminId,
      created_at: now,
      expires_at: expiresAt,
    });
    return { token, expires_at: new Date(expiresAt).toISOString() };
  }

  const verifyCredentials: AdminAuthService['verifyCredentials'] = async (
    username,
    password,
    clientAddress,
  ) => {
    const admin = await admins.byUsername(username);
    // An unknown username is checked against a dummy hash: the answer takes as long as a wrong password.
    const ok = await passwords.verify({
      limitKey: authBudgetKey(clientAddress),
      client: clientAddress,
      password,
      hash: admin?.password_hash ?? null,
      onSuccess: 'reset',
    });
    return admin && ok ? admin : null;
  };

  return {
    async ensureFirstAdmin(username, password) {
      if (await admins.any()) return null;
      const generated = password ? null : randomToken(12);
      const now = clock.now();
      const name = username ?? 'admin';
      try {
        const passwordHash = await hashPassword(password ?? (generated as string));
        await admins.insert({ id: randomUUID(), username: name, password_hash: passwordHash }, now);
      } catch (err) {
        // Another instance created the first admin at the same moment.
        if (await admins.any()) return null;
        throw err;
      }
      return { username: name, generatedPassword: generated };
    },

    async login(username, password, clientAddress) {
      const admin = await verifyCredentials(username, password, clientAddress);
      if (!admin) throw unauthorized('invalid username or password', 'INVALID_CREDENTIALS');
      return issueToken(admin.id);
    },

    verifyCredentials,

    async storedHash(username) {
      return (await admins.byUsername(username))?.password_hash ?? null;
    },

    async logout(token) {
      await admins.deleteToken(sha256(token));
    },

    async actorForToken(token) {
      const row = await admins.byToken(sha256(token), clock.now());
      return row ? { kind: 'admin', id: row.id, username: row.username } : null;
    },

    async actorForId(id) {
      const row = await admins.byId(id);
      return row ? { kind: 'admin', id: row.id, username: row.username } : null;
    },

    tokenInfo(actor) {
      if (actor.kind !== 'admin') throw unauthorized('invalid token', 'INVALID_TOKEN');
      return { valid: true, username: actor.username };
    },

    async changePassword(actor, body, currentToken, clientAddress) {
      if (body.newPassword === undefined && body.newUsername === undefined)
        throw badRequest('give a new username, a new password, or both');
      if (body.newPassword !== undefined && body.newPassword === body.currentPassword)
        throw badRequest('the new password must differ from the current one');
      const admin = await admins.byId(actor.id);
      const ok = await passwords.verify({
        limitKey: authBudgetKey(clientAddress),
        client: clientAddress,
        password: body.currentPassword,
        hash: admin?.password_hash ?? null,
        onSuccess: 'reset',
      });
      if (!admin || !ok) throw unauthorized('current password is wrong', 'WRONG_PASSWORD');
      const patch: { username?: string; password_hash?: string; updated_at: number } = {
        updated_at: clock.now(),
      };
      if (body.newUsername !== undefined) {
        if (await admins.usernameTakenByOther(body.newUsername, actor.id))
          throw usernameTaken(body.newUsername);
        patch.username = body.newUsername;
      }
      if (body.newPassword !== undefined) patch.password_hash = await hashPassword(body.newPassword);
      try {
        // Every other session ends: whoever knew the old password is out.
        await admins.updateEndingSessions(actor.id, patch, sha256(currentToken));
      } catch (err) {
        // Taken by a concurrent change after the check above: the unique index decides.
        if (isUniqueViolation(err)) throw usernameTaken(String(body.newUsername));
        throw err;
      }
    },
  };
}
