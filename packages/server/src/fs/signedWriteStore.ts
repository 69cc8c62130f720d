/**
 * The one use of a signed PUT link, recorded in the database so every server process agrees: the first
 * PUT claims the link's id (a primary-key insert, atomic on SQLite and Postgres), a replay finds it taken.
 * A write that fails gives its claim back, so the holder can retry until one body has landed.
 */
import type { Knex } from 'knex';
import { isUniqueViolation } from '../db/connect.ts';
import { loadModels } from '../db/models/loadModels.ts';

export interface SignedWriteStore {
  /** True when this call took the link's one use; false when it was already taken. */
  claim(nonce: string, expiresAtMs: number): Promise<boolean>;
  /** Gives a claim back after a write that did not land. */
  release(nonce: string): Promise<void>;
}

export function createSignedWriteStore(knex: Knex, now: () => number): SignedWriteStore {
  return {
    async claim(nonce, expiresAtMs) {
      // Claims of links past their expiry guard nothing (the signature refuses those links): swept here.
      const { SignedWriteModel } = await loadModels();
      await SignedWriteModel.query(knex).where('expires_at', '<', now()).delete();
      try {
        await SignedWriteModel.query(knex).insert({ nonce, expires_at: expiresAtMs });
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },
    async release(nonce) {
      await (await loadModels()).SignedWriteModel.query(knex).deleteById(nonce);
    },
  };
}
