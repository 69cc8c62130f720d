import type { Knex } from 'knex';

/**
 * Upload requests (links.md "Upload requests"): a link through which anyone uploads into a mount folder.
 * `upload_request_files` holds one row per upload that began through a request: in flight ('uploading',
 * bound to its upload session by id and to its uploader by the token's hash) until it lands
 * ('completed': what the owner sees arrived). A start reserves its file and bytes by inserting its row
 * under the request's row lock, so the limits hold across processes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('upload_requests', (t) => {
    t.string('id', 64).primary();
    t.string('slug', 64).notNullable().unique();
    // The virtual path of the folder files land in.
    t.string('path', 2048).notNullable();
    t.string('title', 200).nullable();
    t.text('message').nullable();
    t.string('password_hash', 255).nullable();
    t.bigInteger('expires_at').nullable();
    t.integer('max_files').nullable();
    t.bigInteger('max_file_bytes').nullable();
    t.bigInteger('max_total_bytes').nullable();
    // JSON array of extensions and MIME patterns; '[]' = any type.
    t.text('allowed_types').notNullable().defaultTo('[]');
    // creatorId() of the owner: the admin's id or 'apikey:<id>'.
    t.string('created_by', 100).notNullable().index();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.createTable('upload_request_files', (t) => {
    // The upload session's id.
    t.string('id', 64).primary();
    t.string('request_id', 64).notNullable();
    t.string('token_hash', 64).notNullable();
    // The cleaned name the uploader gave; `name` is what it landed as.
    t.string('filename', 255).notNullable();
    t.bigInteger('size').notNullable();
    t.string('content_type', 255).notNullable();
    t.string('uploader', 200).nullable();
    // uploading -> completed.
    t.string('status', 16).notNullable();
    t.string('name', 255).nullable();
    t.string('path', 2048).nullable();
    // The virtual path a completing upload claims while it moves into place: two completions of the
    // same name never pick the same free name (NULLs never clash).
    t.string('claim_path', 2048).nullable().unique();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('completed_at').nullable();
    t.index(['request_id', 'status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('upload_request_files');
  await knex.schema.dropTableIfExists('upload_requests');
}
