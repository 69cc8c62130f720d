import type { Knex } from 'knex';

/**
 * Thumbnails of images in mounts (ADR 0075): made once, kept where every process sharing the database
 * finds them. `key` hashes what the picture was made from (storage config, storage path, the source's
 * etag, size and modified time, the thumbnail's size), so a changed file never meets its old thumbnail;
 * `source_key` hashes the config and path alone, so a new version replaces the rows of the old one.
 * `used_at` drives the sweep, which keeps the table under its byte budget, least recently used first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('thumbnails', (t) => {
    t.string('key', 64).primary();
    t.string('source_key', 64).notNullable().index();
    t.integer('size').notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.integer('byte_length').notNullable();
    t.binary('bytes').notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('used_at').notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('thumbnails');
}
