// @clip-databases sqlite
/**
 * The SQLite WAL is checkpointed at WAL_CHECKPOINT_PAGES (ADR 0037): it grows past SQLite's default of
 * 1000 pages (fewer checkpoints, so fewer fsyncs on the event loop's thread), and it never grows past
 * the threshold (a checkpoint runs and the WAL is written again from its start).
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type OpenTestDatabase, openTestDatabase } from '../testing/testDatabase.ts';
import { type Database, WAL_CHECKPOINT_PAGES } from './connect.ts';
import { hotStatement } from './hotStatements.ts';

/** A WAL frame: a 24-byte header and one page (SQLite's default page size). */
const FRAME_BYTES = 24 + 4096;
/** The WAL file's own header. */
const WAL_HEADER_BYTES = 32;

let opened: OpenTestDatabase;
let db: Database;
test.before(async () => {
  opened = await openTestDatabase();
  db = opened.db;
  await db.knex.schema.createTable('wal_probe', (t) => {
    t.increments('id');
    t.string('note').notNullable();
  });
});
test.after(() => opened?.close());

const INSERT = hotStatement('wal_probe_insert', 'INSERT INTO wal_probe (note) VALUES (?)');
const walBytes = async () => (await stat(join(opened.dataDir, 'clip.db-wal'))).size;

test('the WAL grows past SQLite default threshold and is checkpointed at WAL_CHECKPOINT_PAGES', async () => {
  let largest = 0;
  // Each insert is its own commit, so each writes at least one frame: the table's last page.
  for (let i = 0; i < WAL_CHECKPOINT_PAGES * 1.5; i++) {
    await db.hot.run(INSERT, [`note ${i}`]);
    if (i % 100 === 0) largest = Math.max(largest, await walBytes());
  }
  largest = Math.max(largest, await walBytes());
  assert.ok(
    largest > WAL_HEADER_BYTES + 1000 * FRAME_BYTES,
    `the WAL held more than 1000 frames before a checkpoint (largest ${largest} bytes)`,
  );
  assert.ok(
    largest <= WAL_HEADER_BYTES + (WAL_CHECKPOINT_PAGES + 10) * FRAME_BYTES,
    `the WAL stayed within the threshold (largest ${largest} bytes)`,
  );
  const [{ n }] = await db.knex('wal_probe').count({ n: '*' });
  assert.is(Number(n), WAL_CHECKPOINT_PAGES * 1.5, 'every insert is there');
});

test.run();
