import type { Knex } from 'knex';

/**
 * Single-use signed PUT links (ADR 0042): one row per link used, keyed by the link's signed id. The
 * primary key makes the claim atomic across every server process sharing the database; a row outlives
 * its link only until the next claim sweeps it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fs_signed_writes', (t) => {
    t.string('nonce', 64).primary();
    t.bigInteger('expires_at').notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('fs_signed_writes');
}
