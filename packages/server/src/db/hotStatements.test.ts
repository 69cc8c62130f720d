// @clip-databases sqlite postgres
/**
 * Hot statements (prepared once, outside knex's query builder) over a real database: they answer
 * rows and run writes, and a write never joins a transaction that knex holds open at that moment:
 * it waits its turn, so that transaction's rollback cannot take it along (a counted view stays counted).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type OpenTestDatabase, openTestDatabase } from '../testing/testDatabase.ts';
import type { Database } from './connect.ts';
import { hotStatement } from './hotStatements.ts';

let opened: OpenTestDatabase;
let db: Database;
test.before(async () => {
  opened = await openTestDatabase();
  db = opened.db;
  await db.knex.schema.createTable('hot_probe', (t) => {
    t.string('name').primary();
    t.integer('n').notNullable();
  });
});
test.after(() => opened?.close());

const INSERT = hotStatement('hot_probe_insert', 'INSERT INTO hot_probe (name, n) VALUES (?, ?)');
const BUMP = hotStatement('hot_probe_bump', 'UPDATE hot_probe SET n = n + 1 WHERE name = ? RETURNING n');
const BY_NAME = hotStatement('hot_probe_by_name', 'SELECT name, n FROM hot_probe WHERE name = ?');
const names = async () => (await db.knex('hot_probe').orderBy('name')).map((r) => r.name);

test('answers rows, runs writes, and a repeated statement is reused', async () => {
  await db.hot.run(INSERT, ['a', 1]);
  assert.equal(await db.hot.rows(BY_NAME, ['a']), [{ name: 'a', n: 1 }]);
  assert.equal(await db.hot.rows(BUMP, ['a']), [{ n: 2 }]);
  assert.equal(await db.hot.rows(BUMP, ['a']), [{ n: 3 }]);
  assert.equal(await db.hot.rows(BY_NAME, ['missing']), []);
});

test('a unique violation surfaces as one (the paste insert retries its slug on it)', async () => {
  await db.hot.run(INSERT, ['dup', 1]);
  const err = await db.hot.run(INSERT, ['dup', 2]).then(
    () => null,
    (e: unknown) => e,
  );
  const code = (err as { code?: string })?.code;
  assert.ok(code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY', `code ${code}`);
});

test('a write made while knex holds a transaction open is not rolled back with it', async () => {
  const trx = await db.knex.transaction();
  await trx('hot_probe').insert({ name: 'in-trx', n: 1 });
  const outside = db.hot.run(INSERT, ['outside', 1]);
  const unit = db.sqliteHot?.unit((run) => run(INSERT, ['outside-unit', 1]));
  await trx.rollback();
  await outside;
  await unit;
  const all = await names();
  assert.ok(all.includes('outside'));
  if (db.sqliteHot) assert.ok(all.includes('outside-unit'));
  assert.not.ok(all.includes('in-trx'));
});

test('SQLite: a unit is one transaction (a failing statement undoes the whole unit)', async () => {
  if (!db.sqliteHot) return;
  const failed = await db.sqliteHot
    .unit((run) => {
      run(INSERT, ['unit-a', 1]);
      run(INSERT, ['unit-a', 2]);
    })
    .then(
      () => false,
      () => true,
    );
  assert.ok(failed);
  assert.not.ok((await names()).includes('unit-a'));
});

test.run();
