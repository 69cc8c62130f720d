import type { Knex } from 'knex';

/**
 * Write admission (ADR 0041): what a storage config holds and what writes in flight have promised, so one
 * check refuses a write that would exceed the config's capacity, in every process on one database.
 *
 * - `storage_configs.mount_bytes`: bytes the server stored in the config through mounts (any route), net of
 *   what it removed there; a file share's bytes are its row's `size` and are not counted here.
 * - `write_reservations`: bytes a write in flight may still add; a row outlives a crashed process only
 *   until `expires_at` (a write that keeps sending pushes it forward).
 * - `storage_uploads`: every multipart upload id opened in a storage, recorded before its first part is
 *   sent and dropped after complete or abort, so the sweep can abort the ones nobody finished.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('storage_configs', (t) => {
    t.bigInteger('mount_bytes').notNullable().defaultTo(0);
  });
  // The bytes of the file an upload session will replace, so its completion counts only what it adds.
  await knex.schema.alterTable('upload_sessions', (t) => {
    t.bigInteger('replaces_bytes').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('write_reservations', (t) => {
    t.string('id', 64).primary();
    t.string('storage_config_id', 64).notNullable().index();
    t.bigInteger('bytes').notNullable();
    t.bigInteger('expires_at').notNullable().index();
    t.bigInteger('created_at').notNullable();
  });
  await knex.schema.createTable('storage_uploads', (t) => {
    // The storage's own id of the multipart upload.
    t.string('upload_id', 1024).primary();
    t.string('storage_config_id', 64).notNullable();
    // The driver-relative path the upload writes to.
    t.string('object_key', 2048).notNullable();
    // Aborts the store refused so far (the sweep gives up after a few, leaving it to the bucket's
    // lifecycle rule).
    t.integer('abort_attempts').notNullable().defaultTo(0);
    t.bigInteger('created_at').notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('storage_uploads');
  await knex.schema.dropTableIfExists('write_reservations');
  await knex.schema.alterTable('upload_sessions', (t) => {
    t.dropColumn('replaces_bytes');
  });
  await knex.schema.alterTable('storage_configs', (t) => {
    t.dropColumn('mount_bytes');
  });
}
