import type { Knex } from 'knex';

/**
 * A file share points at its storage config by foreign key (ON DELETE RESTRICT), so deleting a config
 * and creating a share on it at the same moment cannot leave a share whose bytes nobody can reach: the
 * database refuses the delete (or the insert), whichever comes second. Shares whose config is already
 * gone could never be served or removed from storage; they are dropped first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex('file_shares').whereNotIn('s3_config_id', knex('storage_configs').select('id')).delete();
  // On SQLite knex rebuilds the table to add the constraint (SQLite has no ADD CONSTRAINT).
  await knex.schema.alterTable('file_shares', (t) => {
    t.foreign('s3_config_id', 'file_shares_storage_config_fk')
      .references('id')
      .inTable('storage_configs')
      .onDelete('RESTRICT');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('file_shares', (t) => {
    t.dropForeign('s3_config_id', 'file_shares_storage_config_fk');
  });
}
