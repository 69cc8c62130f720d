import type { Knex } from 'knex';

// Times are epoch milliseconds (bigint) so both databases compare them the same way.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admins', (t) => {
    t.string('id', 64).primary();
    t.string('username', 100).notNullable().unique();
    t.string('password_hash', 255).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.createTable('admin_tokens', (t) => {
    t.string('token_hash', 64).primary();
    t.string('admin_id', 64).notNullable().references('admins.id').onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable().index();
  });
  await knex.schema.createTable('api_keys', (t) => {
    t.string('id', 64).primary();
    t.string('name', 100).notNullable();
    t.string('key_hash', 64).notNullable().unique();
    t.text('key_sealed').notNullable();
    t.bigInteger('expires_at').nullable();
    t.boolean('text_permission').notNullable().defaultTo(false);
    t.boolean('file_permission').notNullable().defaultTo(false);
    t.boolean('mount_permission').notNullable().defaultTo(false);
    t.string('basic_path', 1024).notNullable().defaultTo('/');
    t.bigInteger('last_used').nullable();
    t.bigInteger('created_at').notNullable();
  });
  await knex.schema.createTable('system_settings', (t) => {
    t.string('key', 100).primary();
    t.text('value').notNullable();
  });
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 200).primary();
    t.integer('failures').notNullable();
    t.bigInteger('window_start').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['rate_limits', 'system_settings', 'api_keys', 'admin_tokens', 'admins'])
    await knex.schema.dropTableIfExists(table);
}
