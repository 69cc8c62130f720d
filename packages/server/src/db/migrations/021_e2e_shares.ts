import type { Knex } from 'knex';

/**
 * End-to-end encrypted shares (docs/e2e-format.md): the flag that says a share's content or object is
 * ciphertext the server cannot read, so it renders and previews none of it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pastes', (t) => {
    t.boolean('encrypted').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('file_shares', (t) => {
    t.boolean('encrypted').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pastes', (t) => t.dropColumn('encrypted'));
  await knex.schema.alterTable('file_shares', (t) => t.dropColumn('encrypted'));
}
