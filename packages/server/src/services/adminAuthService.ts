/** Admin accounts, login with rate limiting, opaque tokens stored hashed, and password change. */

import { randomUUID } from 'node:crypto';
import {
  ADMIN_TOKEN_TTL_MS,
  type AdminTokenInfo,
  type ChangePasswordBody,
  type LoginResult,
} from '@clip/sdk/contract';
import type { Knex } from 'knex';
import { type Clock, systemClock } from '../clock.ts';
import { hashPassword } from '../crypto/passwords.ts';
import { randomToken, sha256 } from '../crypto/tokens.ts';
import { isUniqueViolation } from '../db/connect.ts';
import { type HotStatements, hotStatement } from '../db/hotStatements.ts';
import { badRequest, conflict, unauthorized } from '../http/appError.ts';
import type { Actor } from './actor.ts';
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

/** Every request with a Bearer token runs this: prepared once (db/hotStatements.ts). */
const ADMIN_BY_TOKEN = hotStatement(
  'admin_by_token',
  `SELECT a.id, a.username FROM admin_tokens t JOIN admins a ON a.id = t.admin_id
  WHERE t.token_hash = ? AND t.expires_at > ?`,
);

export function createAdminAuthService(
  knex: Knex,
  hot: HotStatements,
  passwords: PasswordChecks,
  clock: Clock = systemClock,
): AdminAuthService {
  async function issueToken(adminId: string): Promise<LoginResult> {
    const token = randomToken();
    const now = clock.now();
    const expiresAt = now + ADMIN_TOKEN_TTL_MS;
    await knex('admin_tokens').insert({
      token_hash: sha256(token),
      admin_id: adminId,
      created_at: now,
      expires_at: expiresAt,
    });
    // Expired tokens of this admin are dead weight; drop them while we are here.
    await knex('admin_tokens').where('admin_id', adminId).andWhere('expires_at', '<=', now).delete();
    return { token, expires_at: new Date(expiresAt).toISOString() };
  }

  const verifyCredentials: AdminAuthService['verifyCredentials'] = async (
    username,
    password,
    clientAddress,
  ) => {
    const admin = await knex('admins').where({ username }).first('id', 'username', 'password_hash');
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
      const existing = await knex('admins').first('id');
      if (existing) return null;
      const generated = password ? null : randomToken(12);
      const now = clock.now();
      const name = username ?? 'admin';
      try {
        await knex('admins').insert({
          id: randomUUID(),
          username: name,
          password_hash: await hashPassword(password ?? (generated as string)),
          created_at: now,
          updated_at: now,
        });
      } catch (err) {
        // Another instance created the first admin at the same moment.
        if (await knex('admins').first('id')) return null;
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

    async logout(token) {
      await knex('admin_tokens')
        .where({ token_hash: sha256(token) })
        .delete();
    },

    async actorForToken(token) {
      const [row] = await hot.rows<{ id: string; username: string }>(ADMIN_BY_TOKEN, [
        sha256(token),
        clock.now(),
      ]);
      return row ? { kind: 'admin', id: row.id, username: row.username } : null;
    },

    async actorForId(id) {
      const row = await knex<{ id: string; username: string }>('admins')
        .select('id', 'username')
        .where({ id })
        .first();
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
      const admin = await knex('admins').where({ id: actor.id }).first();
      const ok = await passwords.verify({
        limitKey: authBudgetKey(clientAddress),
        client: clientAddress,
        password: body.currentPassword,
        hash: admin?.password_hash ?? null,
        onSuccess: 'reset',
      });
      if (!admin || !ok) throw unauthorized('current password is wrong', 'WRONG_PASSWORD');
      const patch: Record<string, unknown> = { updated_at: clock.now() };
      if (body.newUsername !== undefined) {
        const taken = await knex('admins')
          .where({ username: body.newUsername })
          .whereNot({ id: actor.id })
          .first('id');
        if (taken) throw usernameTaken(body.newUsername);
        patch.username = body.newUsername;
      }
      if (body.newPassword !== undefined) patch.password_hash = await hashPassword(body.newPassword);
      await knex.transaction(async (trx) => {
        try {
          await trx('admins').where({ id: actor.id }).update(patch);
        } catch (err) {
          // Taken by a concurrent change after the check above: the unique index decides.
          if (isUniqueViolation(err)) throw usernameTaken(String(body.newUsername));
          throw err;
        }
        // Every other session ends: whoever knew the old password is out.
        await trx('admin_tokens')
          .where({ admin_id: actor.id })
          .whereNot({ token_hash: sha256(currentToken) })
          .delete();
      });
    },
  };
}
