/**
 * The only writer of `admins` and `admin_tokens` (ADR 0045): admin accounts and their login sessions,
 * stored as token hashes, through their models (AdminModel, its `tokens`); the per-request token lookup is
 * a hot statement. Rules (who may log in, what a password change ends) stay in adminAuthService.ts.
 */
import type { Knex } from 'knex';
import { type HotStatements, hotStatement } from '../db/hotStatements.ts';
import { loadModels } from '../db/models/loadModels.ts';

export interface AdminRow {
  id: string;
  username: string;
  password_hash: string;
}

export interface AdminTokenRow {
  token_hash: string;
  admin_id: string;
  created_at: number;
  expires_at: number;
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
      return Boolean(await (await loadModels()).AdminModel.query(knex).select('id').first());
    },
    async list(): Promise<{ id: string; username: string }[]> {
      return (await loadModels()).AdminModel.query(knex).select('id', 'username');
    },
    async byUsername(username: string): Promise<AdminRow | undefined> {
      return (await loadModels()).AdminModel.query(knex)
        .where({ username })
        .select('id', 'username', 'password_hash')
        .first();
    },
    async byId(id: string): Promise<AdminRow | undefined> {
      return (await loadModels()).AdminModel.query(knex)
        .findById(id)
        .select('id', 'username', 'password_hash');
    },
    async usernameTakenByOther(username: string, id: string): Promise<boolean> {
      return Boolean(
        await (await loadModels()).AdminModel.query(knex)
          .where({ username })
          .whereNot({ id })
          .select('id')
          .first(),
      );
    },
    async insert(admin: AdminRow, now: number): Promise<void> {
      await (await loadModels()).AdminModel.query(knex).insert({
        ...admin,
        created_at: now,
        updated_at: now,
      });
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
      const { AdminModel } = await loadModels();
      await knex.transaction(async (trx) => {
        await AdminModel.query(trx).patch(patch).where({ id });
        const sessions = AdminModel.relatedQuery('tokens', trx).for(id);
        if (keepTokenHash !== null) sessions.whereNot({ token_hash: keepTokenHash });
        await sessions.delete();
      });
    },
    /** Stores a new session and drops this admin's expired ones, which are dead weight. */
    async addToken(token: AdminTokenRow) {
      await (await loadModels()).AdminTokenModel.query(knex).insert(token);
      await (await loadModels()).AdminTokenModel.query(knex)
        .where('admin_id', token.admin_id)
        .andWhere('expires_at', '<=', token.created_at)
        .delete();
    },
    async deleteToken(tokenHash: string): Promise<void> {
      await (await loadModels()).AdminTokenModel.query(knex).deleteById(tokenHash);
    },
    async byToken(tokenHash: string, now: number): Promise<{ id: string; username: string } | undefined> {
      const [row] = await hot.rows<{ id: string; username: string }>(ADMIN_BY_TOKEN, [tokenHash, now]);
      return row;
    },
  };
}

export type AdminStore = ReturnType<typeof createAdminStore>;
