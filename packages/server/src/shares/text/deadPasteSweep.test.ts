// @clip-databases sqlite postgres
/**
 * The sweep's DELETE of dead text shares: it removes exactly the expired and the used-up ones, and it
 * can find them through indexes (expiry, and the partial index of shares with a view limit, migration
 * 027) instead of reading every share, which it did every minute in every process.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { useTestDatabase } from '../../testing/testDatabase.ts';
import { createOwnedTextShares, deadPastes } from './ownedTextShareStore.ts';

const database = useTestDatabase(test);
const NOW = 1_700_000_000_000;

const paste = (id: string, fields: { max_views?: number; views?: number; expires_at?: number | null }) => ({
  id,
  slug: id,
  content: 'x',
  created_by: 'admin1',
  created_at: NOW - 1000,
  updated_at: NOW - 1000,
  max_views: 0,
  views: 0,
  expires_at: null,
  ...fields,
});

test('deletes the expired and the used-up shares, and keeps the rest', async () => {
  const { knex } = database.db;
  const rows = [
    ...Array.from({ length: 300 }, (_, i) => paste(`live-${i}`, {})),
    paste('limited-left', { max_views: 3, views: 2 }),
    paste('used-up', { max_views: 3, views: 3 }),
    paste('over-used', { max_views: 1, views: 2 }),
    paste('expired', { expires_at: NOW }),
    paste('not-yet', { expires_at: NOW + 1 }),
  ];
  await knex.batchInsert('pastes', rows, 100);
  const deleted = await createOwnedTextShares(knex).deleteDead(NOW);
  assert.is(deleted, 3);
  const left = new Set((await knex('pastes').select('id')).map((r: { id: string }) => r.id));
  assert.is(left.size, 302);
  for (const gone of ['used-up', 'over-used', 'expired']) assert.not.ok(left.has(gone), gone);
  for (const kept of ['limited-left', 'not-yet', 'live-0']) assert.ok(left.has(kept), kept);
});

test("the sweep's DELETE can use the partial index of limited shares instead of reading the table", async () => {
  const { knex, dialect } = database.db;
  const sql = deadPastes(knex, NOW).delete().toString();
  let plan: string;
  if (dialect === 'sqlite') {
    const rows = await knex.raw(`EXPLAIN QUERY PLAN ${sql}`);
    plan = (rows as { detail: string }[]).map((r) => r.detail).join('\n');
  } else {
    // With sequential scans priced out, the plan shows whether any index can answer the DELETE at all
    // (a table this small would otherwise be read whole whatever the indexes).
    plan = await knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const result = await trx.raw(`EXPLAIN ${sql}`);
      return (result.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
    });
  }
  assert.match(plan, /pastes_limited/, plan);
  assert.not.match(plan, /SCAN pastes\b(?! USING)|Seq Scan/, plan);
});

test.run();
