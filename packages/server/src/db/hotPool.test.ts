// @clip-databases postgres
/**
 * A hot statement's cached plan outlives the table it was made for: the counted read's group statement,
 * prepared on a pool connection while `pastes` held one row, must still find a share by its slug's
 * index once the table holds thousands (a plan that scans the table is ~77 ms per group at 100,000).
 */
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COUNT_GROUP } from '../shares/text/textViewCountStore.ts';
import { type OpenTestDatabase, openTestDatabase } from '../testing/testDatabase.ts';
import type { Database } from './connect.ts';
import { createHotPool } from './hotPool.ts';
import { postgresHotStatements } from './hotStatements.ts';

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

/** The plan a one-connection pool uses for the group statement after it ran while the table was tiny. */
async function planAfterGrowth(pool: pg.Pool): Promise<string> {
  const hot = postgresHotStatements(pool);
  try {
    // Five custom plans, then Postgres settles on a generic one (plan_cache_mode auto).
    for (let i = 0; i < 8; i++) await hot.rows(COUNT_GROUP, [['slug-0'], 2, '1970-01-01']);
    const rows = await db.knex('pastes').count({ n: '*' });
    const before = Number(rows[0].n);
    await db.knex.raw(
      `INSERT INTO pastes (id, slug, content, format, created_by, created_at, updated_at)
      SELECT 'grown-' || g, 'grown-slug-' || g, 'x', 'text', 'admin', 1, 1 FROM generate_series(?::int, ?::int) g`,
      [before, before + 20_000],
    );
    const plan = await pool.query(
      `EXPLAIN (COSTS OFF) EXECUTE ${COUNT_GROUP.name}('{slug-0}'::text[], 2, '1970-01-01')`,
    );
    return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await hot.close();
  }
}

test('the hot pool finds a share by its slug however much the table grew after the plan was made', async () => {
  await db.knex('pastes').insert(share(0));
  const plan = await planAfterGrowth(createHotPool(pg.Pool, url, 1));
  assert.ok(findsBySlug(plan), plan);
  assert.not.ok(/(Seq|Bitmap Heap) Scan on pastes/.test(plan), plan);
});

test('the hazard is real: a plain session keeps reading the whole table it planned for when tiny', async () => {
  await db.knex('pastes').delete();
  await db.knex('pastes').insert(share(0));
  await db.knex.raw('ANALYZE pastes');
  const plain = new pg.Pool({ connectionString: url, max: 1 });
  plain.on('error', () => {});
  const plan = await planAfterGrowth(plain);
  assert.not.ok(findsBySlug(plan), plan);
});

test.run();
