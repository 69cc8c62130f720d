import type { Knex } from 'knex';

/**
 * File shares. A row is 'pending' from presign / multipart init / URL presign until its commit proves the
 * object is stored ('ready'); pending rows carry their own deadline (upload_expires_at) so every server
 * instance's sweep agrees on when an abandoned upload and its object are removed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('file_shares', (t) => {
    t.string('id', 64).primary();
    t.string('slug', 50).notNullable().unique();
    t.string('filename', 255).notNullable();
    t.string('mimetype', 255).notNullable();
    // Bytes; for a pending upload the declared size (null when a URL upload did not know it).
    t.bigInteger('size').nullable();
    // The folder asked for, normalised ("/" = the config's root).
    t.string('path', 1024).notNullable().defaultTo('/');
    // Driver-relative object key.
    t.string('storage_path', 1024).notNullable();
    t.string('s3_config_id', 100).notNullable().index();
    t.string('etag', 200).nullable();
    t.text('remark').nullable();
    t.string('password_hash', 255).nullable();
    // Hours asked for; the clock starts when the share becomes ready.
    t.double('expires_in_hours').nullable();
    // Epoch ms; null = never expires.
    t.bigInteger('expires_at').nullable().index();
    // 0 = unlimited.
    t.integer('max_views').notNullable().defaultTo(0);
    t.integer('views').notNullable().defaultTo(0);
    // When the last view was counted: a used-up share lives until the links that view handed out expire.
    t.bigInteger('last_viewed_at').nullable();
    t.string('created_by', 100).notNullable().index();
    t.string('status', 16).notNullable().defaultTo('ready');
    // Multipart upload id while pending.
    t.string('upload_id', 1024).nullable();
    // Epoch ms after which a pending upload is abandoned and swept.
    t.bigInteger('upload_expires_at').nullable();
    // Where a URL upload came from.
    t.text('source_url').nullable();
    t.bigInteger('created_at').notNullable().index();
    t.bigInteger('updated_at').notNullable();
    t.index(['status', 'upload_expires_at']);
    t.index(['size']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('file_shares');
}
