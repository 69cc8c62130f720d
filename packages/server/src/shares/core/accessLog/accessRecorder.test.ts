// @clip-databases sqlite postgres
/** The recorder over the real store: batches, the bound that drops the oldest, the owner's visits. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { manualClock } from '../../../clock.ts';
import { ANONYMOUS } from '../../../services/actor.ts';
import { startTestServer, type TestServer } from '../../../testing/testServer.ts';
import { until } from '../../../testing/until.ts';
import { createAccessLogStore } from './accessLogStore.ts';
import { createAccessRecorder } from './accessRecorder.ts';

let server: TestServer;
test.before(async () => {
  server = await startTestServer();
});
test.after(async () => server?.close());

const reader = { ip: '203.0.113.9', userAgent: 'test', actor: ANONYMOUS };
const admin = {
  ip: '203.0.113.9',
  userAgent: 'test',
  actor: { kind: 'admin', id: 'a1', username: 'admin' } as const,
};

function recorder(shareId: string, maxQueued: number) {
  const { knex, sqliteHot } = server.app.services.db;
  const store = createAccessLogStore(knex, sqliteHot);
  const clock = manualClock(1_700_000_000_000);
  const warnings: object[] = [];
  // Nothing is written until flush() is called: a delay and batch size no test reaches.
  const log = createAccessRecorder({
    store,
    settings: server.app.services.settings,
    clock,
    logger: { warn: (o: object) => void warnings.push(o) },
    maxQueued,
    flushDelayMs: 3_600_000,
    batchSize: 1_000_000,
  });
  const written = async () =>
    (await store.list({ owners: null, share_id: shareId }, { limit: 100, offset: 0 })).rows;
  return { log, clock, written, warnings };
}

test('a full queue drops its oldest events, never refuses one; a flush writes the rest at once', async () => {
  const { log, clock, written, warnings } = recorder('bounded', 3);
  for (let i = 1; i <= 5; i++) {
    clock.advance(1000);
    log.record(
      reader,
      { kind: 'text', id: 'bounded', owner: 'apikey:k' },
      { action: 'view', outcome: 'ok', bytes: i },
    );
  }
  assert.equal(await written(), [], 'nothing written before the flush');
  assert.is(log.dropped(), 2);
  await log.flush();
  assert.equal(
    (await written()).map((r) => [Number(r.bytes), r.ip]),
    [
      [5, '203.0.113.0'],
      [4, '203.0.113.0'],
      [3, '203.0.113.0'],
    ],
  );
  assert.equal(warnings, [{ dropped: 2 }], 'the flush says how many were dropped');
  await log.close();
});

test("the owner's visit is no event", async () => {
  const { log, written } = recorder('owned', 10);
  log.record(admin, { kind: 'file', id: 'owned', owner: 'a1' }, { action: 'download', outcome: 'ok' });
  log.record(reader, { kind: 'file', id: 'owned', owner: 'a1' }, { action: 'download', outcome: 'ok' });
  await log.flush();
  assert.is((await written()).length, 1);
  assert.ok(log.isOwner(admin, 'apikey:someone'), 'the admin owns every share');
  assert.not.ok(log.isOwner(reader, 'a1'));
  await log.close();
});

test('events that arrive during a write wait for a full batch or the delay, not a write each', async () => {
  const { knex, sqliteHot } = server.app.services.db;
  const store = createAccessLogStore(knex, sqliteHot);
  // The real store behind a gate, so a test can hold a write while events arrive.
  const writes: number[] = [];
  const held: (() => void)[] = [];
  const gated = {
    ...store,
    async insertMany(rows: Parameters<typeof store.insertMany>[0]) {
      writes.push(rows.length);
      await new Promise<void>((release) => held.push(release));
      return store.insertMany(rows);
    },
  };
  const log = createAccessRecorder({
    store: gated,
    settings: server.app.services.settings,
    clock: manualClock(1_700_000_000_000),
    logger: { warn: () => {} },
    flushDelayMs: 3_600_000,
    batchSize: 10,
  });
  const share = { kind: 'text', id: 'arrivals', owner: 'apikey:k' } as const;
  const record = (n: number) => {
    for (let i = 0; i < n; i++) log.record(reader, share, { action: 'view', outcome: 'ok' });
  };
  record(10);
  await until(() => held.length === 1, 'a write held at the gate');
  record(35);
  held.shift()?.();
  await until(() => held.length === 1, 'a write held at the gate');
  assert.equal(writes, [10, 35], 'what arrived during the first write went as one batch');
  record(3);
  held.shift()?.();
  // The loop ends with less than a batch queued: those three wait for the delay (an hour here).
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  assert.equal(writes, [10, 35], 'three events are not written at once');
  const flushed = log.flush();
  await until(() => held.length === 1, 'a write held at the gate');
  held.shift()?.();
  await flushed;
  assert.equal(writes, [10, 35, 3]);
  const rows = await store.list({ owners: null, share_id: 'arrivals' }, { limit: 100, offset: 0 });
  assert.is(rows.total, 48, 'every event written once');
  await log.close();
});

test.run();
