/** The only writer of `server_identity`: facts about the installation every process checks at start. */
import type { Knex } from 'knex';
import { loadModels } from '../db/models/loadModels.ts';

export interface ServerIdentityRow {
  name: string;
  value: string;
  created_at: number;
}

export function createServerIdentityStore(knex: Knex) {
  return {
    /** Writes `value` under `name` unless a value is there already; answers the value the database keeps. */
    async claim(name: string, value: string, now: number): Promise<string> {
      await knex('server_identity').insert({ name, value, created_at: now }).onConflict('name').ignore();
      const kept = await (await loadModels()).ServerIdentityModel.query(knex).findById(name);
      if (!kept) throw new Error(`server_identity lost "${name}" right after writing it`);
      return kept.value;
    },
  };
}
