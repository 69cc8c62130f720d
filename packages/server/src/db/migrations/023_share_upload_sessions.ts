import type { Knex } from 'knex';

/**
 * One multipart session store (issue 28, ADR 0047): a file share's presigned multipart upload is an
 * `upload_sessions` row like a mount's resumable upload, tied to its pending share by `share_id`, instead
 * of the `file_shares.upload_id` column. A share's session has no mount. Uploads in flight move over.
 */
const MIB = 1024 * 1024;

/**
 * Run outside knex's migration transaction: on SQLite knex rebuilds `upload_sessions` to drop NOT NULL, and
 * only outside a transaction can it switch foreign keys off for that (inside, dropping the old table would
 * cascade into `upload_parts`). Each step below opens its own transaction.
 */
export const config = { transaction: false };

const isSqlite = (knex: Knex) => knex.client.config.client === 'better-sqlite3';

export async function up(knex: Knex): Promise<void> {
  if (isSqlite(knex)) await alterSqliteSessions(knex);
  await knex.transaction(async (trx) => {
    if (!isSqlite(knex))
      await trx.schema.alterTable('upload_sessions', (t) => {
        // The pending file share this session uploads; null for an upload into a mount.
        t.string('share_id', 64).nullable().index();
        t.string('mount_id', 64).nullable().alter();
      });
    await moveShareUploads(trx);
  });
}

/**
 * SQLite's steps outside a transaction, each safe to run again: a start that lost a race for the
 * database (SQLITE_BUSY) between them retries the migration from its first step (db/connect.ts).
 */
async function alterSqliteSessions(knex: Knex): Promise<void> {
  const added = await knex.schema.hasColumn('upload_sessions', 'share_id');
  await knex.schema.alterTable('upload_sessions', (t) => {
    if (!added) t.string('share_id', 64).nullable();
    t.string('mount_id', 64).nullable().alter();
  });
  await knex.raw('CREATE INDEX IF NOT EXISTS upload_sessions_share_id_index ON upload_sessions (share_id)');
}

async function moveShareUploads(knex: Knex): Promise<void> {
  const pending = await knex('file_shares').where({ status: 'pending' }).whereNotNull('upload_id');
  for (const row of pending) {
    const size = Number(row.size);
    // The part plan uploads/sessions/sessionRules.ts gave at init (5 MiB parts or more, at most 10,000).
    const partSize = Math.max(5 * MIB, Math.ceil(size / 10_000 / MIB) * MIB);
    await knex('upload_sessions').insert({
      id: row.id,
      kind: 'multipart',
      actor: row.created_by,
      mount_id: null,
      share_id: row.id,
      storage_config_id: row.s3_config_id,
      target_path: row.storage_path,
      object_key: row.storage_path,
      file_size: size,
      replaces_bytes: 0,
      part_size: partSize,
      part_count: Math.max(1, Math.ceil(size / partSize)),
      content_type: row.mimetype,
      fingerprint: null,
      status: 'uploading',
      storage_upload_id: row.upload_id,
      result: null,
      expires_at: Number(row.upload_expires_at ?? row.updated_at),
      created_at: Number(row.created_at),
      updated_at: Number(row.updated_at),
    });
  }
  await knex.schema.alterTable('file_shares', (t) => {
    t.dropColumn('upload_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  const alterSessions = (db: Knex) =>
    db.schema.alterTable('upload_sessions', (t) => {
      t.dropIndex('share_id');
      t.dropColumn('share_id');
      t.string('mount_id', 64).notNullable().alter();
    });
  await knex.transaction(async (trx) => {
    await trx.schema.alterTable('file_shares', (t) => {
      t.string('upload_id', 1024).nullable();
    });
    const sessions = await trx('upload_sessions').whereNotNull('share_id');
    for (const s of sessions)
      await trx('file_shares').where({ id: s.share_id }).update({ upload_id: s.storage_upload_id });
    await trx('upload_sessions').whereNotNull('share_id').delete();
    if (!isSqlite(knex)) await alterSessions(trx);
  });
  if (isSqlite(knex)) await alterSessions(knex);
}
