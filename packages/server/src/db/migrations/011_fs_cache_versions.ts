import type { Knex } from 'knex';

/**
 * The listing cache's cross-process invalidation: one counter per storage config, bumped after every
 * write through the file system. A process serves a cached listing only while the counter it saw when
 * listing is still the one in the database, so instance B never serves what instance A changed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fs_cache_versions', (t) => {
    t.string('storage_config_id', 64).primary();
    t.bigInteger('version').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('fs_cache_versions');
}
