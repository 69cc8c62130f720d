// @clip-databases sqlite
// Two processes creating knex's migration tables at once on a fresh SQLite file can each insert the lock
// row; with two rows knex can never take its lock. A start repairs that instead of failing for good.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDatabase } from './connect.ts';

test('a start migrates a database whose migration lock table holds two rows', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'clip-lock-'));
  try {
    // The tables as knex makes them (table-creator.js), with the row each racing process inserted.
    const file = new Database(join(dataDir, 'clip.db'));
    file.exec(`CREATE TABLE knex_migrations (id integer PRIMARY KEY AUTOINCREMENT, name varchar(255),
        batch integer, migration_time datetime);
      CREATE TABLE knex_migrations_lock ("index" integer PRIMARY KEY AUTOINCREMENT, is_locked integer);
      INSERT INTO knex_migrations_lock (is_locked) VALUES (0), (0);`);
    file.close();

    const db = await openDatabase({ dataDir, databaseUrl: null });
    try {
      assert.equal(await db.knex('knex_migrations_lock').select('is_locked'), [{ is_locked: 0 }]);
      const ran = await db.knex('knex_migrations').pluck('name');
      assert.ok(ran.length > 20, `the migrations ran: ${ran.length}`);
      assert.ok(await db.knex.schema.hasTable('pastes'));
    } finally {
      await db.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test.run();
