import type { Knex } from 'knex';

/** Text shares. The slug is unique by constraint, so racing creates of one custom slug cannot both win. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pastes', (t) => {
    t.string('id', 64).primary();
    t.string('slug', 50).notNullable().unique();
    t.string('title', 200).nullable();
    t.text('content').notNullable();
    t.string('format', 16).notNullable().defaultTo('text');
    t.text('remark').nullable();
    t.string('password_hash', 255).nullable();
    // Epoch ms; null = never expires.
    t.bigInteger('expires_at').nullable().index();
    // 0 = unlimited.
    t.integer('max_views').notNullable().defaultTo(0);
    t.integer('views').notNullable().defaultTo(0);
    t.string('created_by', 100).notNullable().index();
    t.bigInteger('created_at').notNullable().index();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('pastes');
}
