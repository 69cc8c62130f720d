// @clip-databases sqlite
// The SQLite connection's page cache is SQLite's default size, not better-sqlite3's 16 MB (ADR 0086).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type OpenTestDatabase, openTestDatabase } from '../testing/testDatabase.ts';
import { SQLITE_CACHE_KIB } from './connect.ts';

let opened: OpenTestDatabase;
test.before(async () => {
  opened = await openTestDatabase();
});
test.after(() => opened?.close());

test('the connection caches at most SQLITE_CACHE_KIB of pages', async () => {
  const rows = await opened.db.knex.raw('PRAGMA cache_size');
  assert.equal(rows, [{ cache_size: -SQLITE_CACHE_KIB }]);
  assert.is(SQLITE_CACHE_KIB, 2000);
});

test.run();
