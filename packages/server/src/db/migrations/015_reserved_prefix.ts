import type { Knex } from 'knex';

/**
 * File-share objects move out of the mount namespace into `.clip/shares/` (ADR 0040). Moving objects needs
 * the storage drivers, so this migration only writes down what is to move: one `share_object_moves` row per
 * share stored elsewhere, its new key the old one below `.clip/shares/`. Every server process works the
 * list off after it starts (shares/files/shareObjectMoves.ts); an empty table means the move is done.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('share_object_moves', (t) => {
    // No foreign key: an entry outlives a share deleted mid-move, so its copy is cleaned up too.
    t.string('share_id', 64).primary();
    t.string('storage_config_id', 100).notNullable();
    t.string('from_path', 1024).notNullable();
    t.string('to_path', 1024).notNullable();
  });
  await knex
    .insert(
      knex('file_shares')
        .select('id', 's3_config_id', 'storage_path', knex.raw("'.clip/shares/' || storage_path"))
        .whereRaw("lower(storage_path) not like '.clip/%'"),
    )
    .into(knex.raw('share_object_moves (share_id, storage_config_id, from_path, to_path)'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('share_object_moves');
}
