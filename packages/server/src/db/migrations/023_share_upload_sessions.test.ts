// @clip-databases sqlite postgres
/**
 * Migration 023 on a database that has uploads in flight: a file share's multipart upload moves from
 * `file_shares.upload_id` into an upload session, and the mounts' sessions (rebuilt on SQLite to let
 * `mount_id` be null) keep their parts. Down puts it back.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabase.ts';
import { type Migration, migrations } from './index.ts';

const MiB = 1024 * 1024;
const T = 1_700_000_000_000;
let database: TestDatabase;
let dir: string;
let knex: Knex;

/** A migration source that stops before `name` (or runs all). */
const upTo = (name?: string): Knex.MigrationSource<Migration> => ({
  getMigrations: async () => migrations.filter((m) => name === undefined || m.name < name),
  getMigrationName: (m) => m.name,
  getMigration: async (m) => m,
});

test.before(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'clip-m023-'));
  knex = knexFactory(
    database.url
      ? { client: 'pg', connection: database.url }
      : {
          client: 'better-sqlite3',
          connection: { filename: join(dir, 'clip.db') },
          useNullAsDefault: true,
          pool: {
            afterCreate(conn: { pragma(s: string): void }, done: (e: Error | null, c: unknown) => void) {
              // As the server opens it: a table rebuild must not cascade into upload_parts.
              conn.pragma('foreign_keys = ON');
              done(null, conn);
            },
          },
        },
  );
});
test.after(async () => {
  await knex?.destroy();
  await database?.release();
  await rm(dir, { recursive: true, force: true });
});

test('a pending share upload becomes a session; mount sessions keep their parts; down restores', async () => {
  await knex.migrate.latest({ migrationSource: upTo('023') });
  await knex('storage_configs').insert({
    id: 'c1',
    name: 's3',
    provider_type: 'other',
    created_at: T,
    updated_at: T,
  });
  await knex('mounts').insert({
    id: 'm1',
    name: 'm1',
    mount_path: '/m1',
    storage_type: 's3',
    storage_config_id: 'c1',
    created_by: 'admin1',
    created_at: T,
    updated_at: T,
  });
  await knex('file_shares').insert({
    id: 'share1',
    slug: 'share1',
    filename: 'big.bin',
    mimetype: 'application/octet-stream',
    size: 11 * MiB,
    path: '/',
    storage_path: '.clip/shares/big.bin',
    s3_config_id: 'c1',
    created_by: 'admin1',
    status: 'pending',
    upload_id: 'S3-UPLOAD-1',
    upload_expires_at: T + 1000,
    created_at: T,
    updated_at: T,
  });
  await knex('upload_sessions').insert({
    id: 'fs1',
    kind: 'multipart',
    actor: 'admin1',
    mount_id: 'm1',
    storage_config_id: 'c1',
    target_path: '/m1/a.bin',
    object_key: 'a.bin',
    file_size: 6 * MiB,
    part_size: 5 * MiB,
    part_count: 2,
    content_type: 'application/octet-stream',
    status: 'uploading',
    expires_at: T + 2000,
    created_at: T,
    updated_at: T,
  });
  await knex('upload_parts').insert({
    session_id: 'fs1',
    part_number: 1,
    size: 5 * MiB,
    etag: 'e1',
    created_at: T,
  });

  // Through 023 only: `down` then undoes 023 itself, whatever later migrations exist.
  await knex.migrate.latest({ migrationSource: upTo('024') });
  const moved = await knex('upload_sessions').where({ share_id: 'share1' }).first();
  assert.equal(
    [moved.kind, moved.mount_id, moved.storage_upload_id, moved.object_key, Number(moved.file_size)],
    ['multipart', null, 'S3-UPLOAD-1', '.clip/shares/big.bin', 11 * MiB],
  );
  assert.equal(
    [Number(moved.part_size), Number(moved.part_count), Number(moved.expires_at)],
    [5 * MiB, 3, T + 1000],
  );
  assert.not.ok(await knex.schema.hasColumn('file_shares', 'upload_id'));
  const parts = await knex('upload_parts').where({ session_id: 'fs1' });
  assert.is(parts.length, 1, "the mount session's part survived the rebuild");
  assert.is((await knex('upload_sessions').where({ id: 'fs1' }).first()).share_id, null);

  await knex.migrate.down({ migrationSource: upTo('024') });
  const share = await knex('file_shares').where({ id: 'share1' }).first();
  assert.is(share.upload_id, 'S3-UPLOAD-1');
  assert.is(await knex('upload_sessions').where({ id: 'share1' }).first(), undefined);
  assert.is((await knex('upload_parts').where({ session_id: 'fs1' })).length, 1);
});

test.run();
