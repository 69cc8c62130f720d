import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Storage configs. The secret access key is stored sealed (AES-256-GCM with the server secret), never plain.
 * At most one row is the default: a partial unique index enforces it on both databases.
 *
 * The embedded default, a `local` config at `<data dir>/storage`, is seeded here: migrations run once under
 * knex's migration lock, so two instances starting at once cannot both create it. Its root_path is stored
 * relative ("storage"), which the service resolves against the data directory.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('storage_configs', (t) => {
    t.string('id', 64).primary();
    t.string('name', 100).notNullable();
    // local | aws | r2 | b2 | minio | aliyun | other
    t.string('provider_type', 16).notNullable();
    t.string('endpoint_url', 2048).nullable();
    t.string('bucket_name', 255).nullable();
    t.string('region', 64).nullable();
    t.string('access_key_id', 256).nullable();
    t.text('secret_access_key_sealed').nullable();
    t.boolean('path_style').notNullable().defaultTo(false);
    t.string('default_folder', 512).notNullable().defaultTo('');
    t.boolean('is_public').notNullable().defaultTo(false);
    t.boolean('is_default').notNullable().defaultTo(false);
    // Bytes; null = no limit.
    t.bigInteger('total_storage_bytes').nullable();
    t.string('custom_host', 2048).nullable();
    t.integer('signature_expires_in').notNullable().defaultTo(3600);
    t.string('root_path', 1024).nullable();
    t.boolean('proxy_downloads').notNullable().defaultTo(true);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
  // Works as written on SQLite (booleans are 0/1) and Postgres.
  await knex.raw(
    'CREATE UNIQUE INDEX storage_configs_one_default ON storage_configs (is_default) WHERE is_default',
  );

  const now = Date.now();
  await knex('storage_configs').insert({
    id: randomUUID(),
    name: 'Local storage',
    provider_type: 'local',
    root_path: 'storage',
    path_style: false,
    default_folder: '',
    is_public: true,
    is_default: true,
    signature_expires_in: 3600,
    proxy_downloads: true,
    created_at: now,
    updated_at: now,
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('storage_configs');
}
