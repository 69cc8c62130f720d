// @clip-databases sqlite postgres
/** The store's batch insert (a prepared statement per database) keeps every column of every row. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../../testing/testServer.ts';
import { type AccessLogRow, createAccessLogStore } from './accessLogStore.ts';

let server: TestServer;
test.before(async () => {
  server = await startTestServer();
});
test.after(async () => server?.close());

const store = () => {
  const { knex, sqliteHot } = server.app.services.db;
  return createAccessLogStore(knex, sqliteHot);
};

const rowOf = (i: number, shareId: string): AccessLogRow => ({
  id: `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`,
  share_kind: i % 2 ? 'text' : 'file',
  share_id: shareId,
  owner: `apikey:k${i % 3}`,
  at: 1_700_000_000_000 + i,
  action: i % 2 ? 'view' : 'download',
  outcome: i % 5 ? 'ok' : 'wrong_password',
  ip: i % 4 ? `203.0.113.${i % 250}` : null,
  user_agent: i % 7 ? `agent ${i} “quoted”` : null,
  bytes: i % 3 ? 2 ** 40 + i : null,
  path: i % 6 ? `/folder/名前 ${i}.txt` : null,
});

test('a batch of 1,200 events is written whole, every column as given, nulls and large byte counts included', async () => {
  const rows = Array.from({ length: 1200 }, (_, i) => rowOf(i, 'batch-share'));
  await store().insertMany(rows);
  const { rows: read, total } = await store().list(
    { owners: null, share_id: 'batch-share' },
    { limit: 1200, offset: 0 },
  );
  assert.is(total, 1200);
  const normal = (r: AccessLogRow) => ({
    ...r,
    at: Number(r.at),
    bytes: r.bytes === null ? null : Number(r.bytes),
  });
  assert.equal(read.map(normal).reverse(), rows);
});

test('an empty batch writes nothing and does not fail', async () => {
  await store().insertMany([]);
  const { total } = await store().list({ owners: null, share_id: 'none' }, { limit: 10, offset: 0 });
  assert.is(total, 0);
});

test('a batch with a duplicate id writes none of its rows', async () => {
  const rows = [rowOf(5000, 'atomic'), rowOf(5001, 'atomic'), rowOf(5000, 'atomic')];
  const err = await store()
    .insertMany(rows)
    .catch((e) => e);
  assert.instance(err, Error);
  const { total } = await store().list({ owners: null, share_id: 'atomic' }, { limit: 10, offset: 0 });
  assert.is(total, 0);
});

test.run();
