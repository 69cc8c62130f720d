/** The only writer of `server_identity`: facts about the installation every process checks at start. */
import type { Knex } from 'knex';

export function createServerIdentityStore(knex: Knex) {
  return {
    /** Writes `value` under `name` unless a value is there already; answers the value the database keeps. */
    async claim(name: string, value: string, now: number): Promise<string> {
      await knex('server_identity').insert({ name, value, created_at: now }).onConflict('name').ignore();
      const row = await knex('server_identity').select('value').where('name', name).first();
      return row.value as string;
    },
  };
}
