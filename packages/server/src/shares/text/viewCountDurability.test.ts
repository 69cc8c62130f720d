// @clip-databases postgres
/**
 * A Postgres group of paste reads waits for the WAL's flush only when it counted a share with a view
 * limit (ADR 0083): the statement sets `synchronous_commit` for its own transaction. Run here inside
 * an explicit transaction, so the setting it chose can be read before the commit.
 */

import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type OpenTestDatabase, openTestDatabase, TEST_DATABASE_URL } from '../../testing/testDatabase.ts';
import { COUNT_GROUP } from './textViewCountStore.ts';

let database: OpenTestDatabase;
const NOW = Date.UTC(2026, 10, 29, 12);

async function share(slug: string, maxViews: number): Promise<void> {
  await database.db.knex('pastes').insert({
    id: `id-${slug}`,
    slug,
    content: 'text',
    format: 'text',
    max_views: maxViews,
    views: 0,
    encrypted: false,
    created_by: 'admin',
    created_at: NOW,
    updated_at: NOW,
  });
}

/** One connection of the test database's own, so a setting left on it would show on the next statement. */
let client: pg.Client;

/** Counts a group of reads as the store does, and answers the transaction's synchronous_commit at its end. */
async function durabilityOf(slugs: string[]): Promise<{ commit: string; counted: number }> {
  await client.query('BEGIN');
  try {
    const counted = (await client.query(COUNT_GROUP.postgres, [slugs, NOW, '2026-11-29'])).rows.length;
    const commit = (await client.query('SHOW synchronous_commit')).rows[0].synchronous_commit;
    return { commit, counted };
  } finally {
    await client.query('COMMIT');
  }
}

test.before(async () => {
  database = await openTestDatabase();
  // A connection of its own to the database the test opened.
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${(await database.db.knex.raw('SELECT current_database() AS name')).rows[0].name}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await share('open', 0);
  await share('limited', 5);
});

test('a group counting only shares without a view limit does not wait for the flush', async () => {
  assert.equal(await durabilityOf(['open', 'open', 'open']), { commit: 'off', counted: 1 });
});

test('a group that counts a limited share keeps the database durability', async () => {
  assert.equal(await durabilityOf(['open', 'limited']), { commit: 'on', counted: 2 });
  assert.equal(await durabilityOf(['limited']), { commit: 'on', counted: 1 });
});

test('a group counting nothing changes nothing', async () => {
  assert.equal(await durabilityOf(['no-such-share']), { commit: 'on', counted: 0 });
});

test('the choice ends with its transaction (the store runs the statement on its own)', async () => {
  await client.query(COUNT_GROUP.postgres, [['open'], NOW, '2026-11-29']);
  assert.is((await client.query('SHOW synchronous_commit')).rows[0].synchronous_commit, 'on');
});

test.after(async () => {
  await client?.end();
  await database?.close();
});

test.run();
