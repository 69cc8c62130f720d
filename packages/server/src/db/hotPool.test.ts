// @clip-databases postgres
/**
 * A hot statement's cached plan outlives the table it was made for: the counted read's group statement,
 * prepared on a pool connection while `pastes` held one row, must still find a share by its slug's
 * index once the table holds thousands (a plan that scans the table is ~77 ms per group at 100,000),
 * while Postgres keeps its plans as long as the tables have not outgrown them (ADR 0102).
 */
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COUNT_GROUP } from '../shares/text/textViewCountStore.ts';
import { type OpenTestDatabase, openTestDatabase } from '../testing/testDatabase.ts';
import type { Database } from './connect.ts';
import { createHotPool } from './hotPool.ts';
import { postgresHotStatements } from './hotStatements.ts';
import { planFreshness, readTableSizes } from './planFreshness.ts';

let opened: OpenTestDatabase;
let db: Database;
let url: string;
test.before(async () => {
  opened = await openTestDatabase();
  db = opened.db;
  url = opened.url as string;
});
test.after(() => opened?.close());

const share = (i: number) => ({
  id: `id-${i}`,
  slug: `slug-${i}`,
  content: 'x',
  format: 'text',
  created_by: 'admin',
  created_at: 1,
  updated_at: 1,
});

/** Whether a plan looks the share up through the slug's unique index (rather than reading the table). */
const findsBySlug = (plan: string) => /Index Scan using \S*slug\S* on pastes/.test(plan);

const GROUP_VALUES = [['slug-0'], 2, '1970-01-01'];

/** The plan the pool's one connection holds for the group statement. */
async function currentPlan(pool: pg.Pool): Promise<string> {
  const plan = await pool.query(
    `EXPLAIN (COSTS OFF) EXECUTE ${COUNT_GROUP.name}('{slug-0}'::text[], 2, '1970-01-01')`,
  );
  return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** Adds 20,000 shares to the table. */
async function growPastes() {
  const rows = await db.knex('pastes').count({ n: '*' });
  const before = Number(rows[0].n);
  await db.knex.raw(
    `INSERT INTO pastes (id, slug, content, format, created_by, created_at, updated_at)
    SELECT 'grown-' || g, 'grown-slug-' || g, 'x', 'text', 'admin', 1, 1 FROM generate_series(?::int, ?::int) g`,
    [before, before + 20_000],
  );
}

/**
 * A one-connection hot pool whose table sizes are read only when the test says (`plans.check()`; its
 * clock stands still), after it ran the group statement eight times while `pastes` was tiny.
 */
async function hotPoolAfterEightReads() {
  const pool = createHotPool(pg.Pool, url, 1);
  const plans = planFreshness(
    () => readTableSizes(pool),
    () => 0,
  );
  await plans.check();
  const hot = postgresHotStatements(pool, plans);
  // Five custom plans, then Postgres settles on a generic one (plan_cache_mode auto).
  for (let i = 0; i < 8; i++) await hot.rows(COUNT_GROUP, GROUP_VALUES);
  return { pool, plans, hot };
}

test('the hot pool keeps one plan per statement: Postgres does not plan each read group again', async () => {
  await db.knex('pastes').insert(share(0));
  const { pool, hot } = await hotPoolAfterEightReads();
  try {
    const { rows } = await pool.query(
      'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1',
      [COUNT_GROUP.name],
    );
    assert.equal(rows, [{ generic_plans: 3, custom_plans: 5 }]);
    assert.match(await currentPlan(pool), /\$2/, 'a generic plan names its parameters');
  } finally {
    await hot.close();
  }
});

test('once the table has outgrown the plan, the next statement plans again and finds the share by its slug', async () => {
  await db.knex('pastes').delete();
  await db.knex('pastes').insert(share(0));
  const { pool, plans, hot } = await hotPoolAfterEightReads();
  try {
    await growPastes();
    await plans.check();
    const counted = await hot.rows<{ slug: string }>(COUNT_GROUP, GROUP_VALUES);
    assert.equal(
      counted.map((r) => r.slug),
      ['slug-0'],
    );
    const plan = await currentPlan(pool);
    assert.ok(findsBySlug(plan), plan);
    assert.not.ok(/(Seq|Bitmap Heap) Scan on pastes/.test(plan), plan);
  } finally {
    await hot.close();
  }
});

test('the hazard is real: a session that keeps its plans reads the whole table it planned for when tiny', async () => {
  await db.knex('pastes').delete();
  await db.knex('pastes').insert(share(0));
  await db.knex.raw('ANALYZE pastes');
  const { pool, hot } = await hotPoolAfterEightReads();
  try {
    await growPastes();
    // No reading of the sizes since the table grew (the clock stands still).
    await hot.rows(COUNT_GROUP, GROUP_VALUES);
    assert.not.ok(findsBySlug(await currentPlan(pool)));
  } finally {
    await hot.close();
  }
});

test.run();
