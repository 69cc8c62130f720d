/**
 * The only writer of `admins` and `admin_tokens` (ADR 0045): admin accounts and their login sessions,
 * stored as token hashes. Rules (who may log in, what a password change ends) stay in adminAuthService.ts.
 */
import type { Knex } from 'knex';
import { type HotStatements, hotStatement } from '../db/hotStatements.ts';

export interface AdminRow {
  id: string;
  username: string;
  password_hash: string;
}

/** Every request with a Bearer token runs this: prepared once (db/hotStatements.ts). */
const ADMIN_BY_TOKEN = hotStatement(
  'admin_by_token',
  `SELECT a.id, a.username FROM admin_tokens t JOIN admins a ON a.id = t.admin_id
  WHERE t.token_hash = ? AND t.expires_at > ?`,
);

export function createAdminStore(knex: Knex, hot: HotStatements) {
  return {
    async any(): Promise<boolean> {
      return Boolean(await knex('admins').first('id'));
    },
    list(): Promise<{ id: string; username: string }[]> {
      return knex('admins').select('id', 'username');
    },
    byUsername(username: string): Promise<AdminRow | undefined> {
      return knex('admins').where({ username }).first('id', 'username', 'password_hash');
    },
    byId(id: string): Promise<AdminRow | undefined> {
      return knex('admins').where({ id }).first('id', 'username', 'password_hash');
    },
    async usernameTakenByOther(username: string, id: string): Promise<boolean> {
      return Boolean(await knex('admins').where({ username }).whereNot({ id }).first('id'));
    },
    async insert(admin: AdminRow, now: number): Promise<void> {
      await knex('admins').insert({ ...admin, created_at: now, updated_at: now });
    },
    /**
     * Changes an admin's row and ends every session but `keepTokenHash` (all of them when null), in one
     * transaction. A username another admin holds fails on the unique index (isUniqueViolation).
     */
    async updateEndingSessions(
      id: string,
      patch: { username?: string; password_hash?: string; updated_at: number },
      keepTokenHash: string | null,
    ): Promise<void> {
      await knex.transaction(async (trx) => {
        await trx('admins').where({ id }).update(patch);
        const sessions = trx('admin_tokens').where({ admin_id: id });
        if (keepTokenHash !== null) sessions.whereNot({ token_hash: keepTokenHash });
        await sessions.delete();
      });
    },
    /** Stores a new session and drops this admin's expired ones, which are dead weight. */
    async addToken(token: { token_hash: string; admin_id: string; created_at: number; expires_at: number }) {
      await knex('admin_tokens').insert(token);
      await knex('admin_tokens')
        .where('admin_id', token.admin_id)
        .andWhere('expires_at', '<=', token.created_at)
        .delete();
    },
    async deleteToken(tokenHash: string): Promise<void> {
      await knex('admin_tokens').where({ token_hash: tokenHash }).delete();
    },
    async byToken(tokenHash: string, now: number): Promise<{ id: string; username: string } | undefined> {
      const [row] = await hot.rows<{ id: string; username: string }>(ADMIN_BY_TOKEN, [tokenHash, now]);
      return row;
    },
  };
}

export type AdminStore = ReturnType<typeof createAdminStore>;
