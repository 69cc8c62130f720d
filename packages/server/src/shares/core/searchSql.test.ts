// @clip-databases sqlite postgres
// One LIKE escape for every share kind: `%`, `_`, `!` and `\` in a search match only themselves.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Database, openDatabase } from '../../db/connect.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabase.ts';
import { likePattern, whereAnyContains } from './searchSql.ts';

let testDb: TestDatabase;
let db: Database;
let dataDir: string;
const NAMES = ['100%', '1000', 'a_b', 'axb', 'hi!', 'hi!x', 'c:\\dir', 'c:dir', 'MiXeD'];
test.before(async () => {
  testDb = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'clip-search-'));
  db = await openDatabase({ dataDir, databaseUrl: testDb.url });
  await db.knex.schema.createTable('search_probe', (t) => {
    t.string('name').notNullable();
    t.string('note');
  });
  await db.knex('search_probe').insert(NAMES.map((name) => ({ name, note: null })));
});
test.after(async () => {
  await db?.close();
  await testDb?.release();
  await rm(dataDir, { recursive: true, force: true });
});

const find = async (search: string) =>
  (await whereAnyContains(db.knex('search_probe'), ['note', 'name'], search).orderBy('name')).map(
    (r: { name: string }) => r.name,
  );

test('the pattern escapes its own escape character and both wildcards', () => {
  assert.is(likePattern('A%b_c!d\\e'), '%a!%b!_c!!d\\e%');
});

test('wildcards and escape characters in a search match literally', async () => {
  assert.equal(await find('0%'), ['100%']);
  assert.equal(await find('a_b'), ['a_b']);
  assert.equal(await find('hi!'), ['hi!', 'hi!x']);
  assert.equal(await find('!x'), ['hi!x']);
  assert.equal(await find('c:\\'), ['c:\\dir']);
  assert.equal(await find('\\d'), ['c:\\dir']);
});

test('the search ignores case and a NULL column', async () => {
  assert.equal(await find('mixed'), ['MiXeD']);
  assert.equal(await find('MIX'), ['MiXeD']);
});

test.run();
