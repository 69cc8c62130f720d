import type { Knex } from 'knex';

/**
 * Resumable uploads into mounts (multipart through the server, and presigned single PUTs). The server owns
 * every session: where the bytes go (object_key) is derived at init and never taken from a client, and
 * every received part is a row, so a session survives a restart and any process can resume or complete it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('upload_sessions', (t) => {
    t.string('id', 64).primary();
    // 'multipart' (parts through the server) or 'presign' (one presigned PUT straight to storage).
    t.string('kind', 16).notNullable().defaultTo('multipart');
    // creatorId() of the actor: the admin's id or 'apikey:<id>'.
    t.string('actor', 100).notNullable();
    t.string('mount_id', 64).notNullable();
    t.string('storage_config_id', 100).notNullable();
    // The virtual path of the file being written ("/m1/dir/a.bin"): what the client names as `key`.
    t.string('target_path', 2048).notNullable();
    // Driver-relative object key inside the storage config, derived by the server.
    t.string('object_key', 2048).notNullable();
    t.bigInteger('file_size').notNullable();
    t.bigInteger('part_size').notNullable();
    t.integer('part_count').notNullable();
    t.string('content_type', 255).notNullable();
    // The client's fingerprint of the file (name, size, mtime, sampled bytes): finds a session to resume.
    t.string('fingerprint', 200).nullable();
    // uploading -> completing -> completed; aborted.
    t.string('status', 16).notNullable();
    // The storage's multipart upload id (S3); null for storages that keep parts on our disk.
    t.string('storage_upload_id', 1024).nullable();
    // What a finished complete answered (JSON), so a retried complete answers the same.
    t.text('result').nullable();
    // Epoch ms: idle sessions past this are swept (pushed forward by every part).
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['status', 'expires_at']);
    t.index(['actor', 'target_path', 'file_size']);
  });
  await knex.schema.createTable('upload_parts', (t) => {
    t.string('session_id', 64).notNullable().references('id').inTable('upload_sessions').onDelete('CASCADE');
    t.integer('part_number').notNullable();
    t.bigInteger('size').notNullable();
    t.string('etag', 200).notNullable();
    // MD5 (hex) of the part's bytes as received.
    t.string('checksum', 64).nullable();
    t.bigInteger('created_at').notNullable();
    t.primary(['session_id', 'part_number']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('upload_parts');
  await knex.schema.dropTableIfExists('upload_sessions');
}
