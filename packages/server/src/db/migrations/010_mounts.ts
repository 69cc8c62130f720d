import type { Knex } from 'knex';

/**
 * Mounts: a storage config (or a folder inside it, `root_prefix`) shown at a virtual path. The storage
 * config is referenced, not cascaded: a config still used by a mount cannot be deleted (the service
 * answers 409 naming the mounts), and deleting a mount never touches stored objects.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mounts', (t) => {
    t.string('id', 64).primary();
    t.string('name', 50).notNullable();
    t.string('mount_path', 100).notNullable().unique();
    // 's3' | 'local'
    t.string('storage_type', 8).notNullable();
    t.string('storage_config_id', 64).notNullable().references('id').inTable('storage_configs');
    t.string('remark', 500).notNullable().defaultTo('');
    t.integer('sort_order').notNullable().defaultTo(0);
    // Seconds; 0 = never cached.
    t.integer('cache_ttl').notNullable().defaultTo(300);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('web_proxy').notNullable().defaultTo(true);
    t.string('root_prefix', 512).notNullable().defaultTo('');
    // 'system' | 'admin' | 'apikey:<id>'
    t.string('created_by', 80).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['storage_config_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('mounts');
}
