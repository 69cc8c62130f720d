// @clip-databases sqlite postgres
// Exactly once under takeover (issue 32): the claim's fencing token guards every write, item outcomes
// are recorded one by one so a successor neither redoes nor recounts them, a runner whose lease may
// have lapsed stops by itself, and transient database errors are retried.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Database, openDatabase } from '../db/connect.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { manualClock } from './clock.ts';
import { executeTask } from './execution.ts';
import { createTaskRunner } from './runner.ts';
import { taskOwnersIn } from './taskOwner.ts';
import { createTaskService } from './taskService.ts';
import { claimTask, createTaskStore } from './taskStore.ts';
import { adminActor, insertTestAdmin, testHandler, until } from './testing/tasksTestKit.ts';
import { isTransientDb } from './transient.ts';

const silent = { warn() {}, error() {} };
let dataDir: string;
let database: TestDatabase;
let db: Database;

test.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'clip-fencing-'));
  database = await createTestDatabase();
  db = await openDatabase({ dataDir, databaseUrl: database.url });
  await insertTestAdmin(db.knex);
});
test.after(async () => {
  await db?.close();
  await database.release();
  await rm(dataDir, { recursive: true, force: true });
});

const names = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ name: `${prefix}${i}` }));

test('a runner that lost its task to another claim writes nothing: no progress, no item record, no item run', async () => {
  const clock = manualClock(5_000_000);
  const service = createTaskService({ knex: db.knex, clock, wake() {} });
  const tasks = createTaskStore(db.knex);
  const task = await service.create(adminActor, { type: 'copy', payload: { items: names(3, 'f') } });
  const claim = { now: clock.now(), leaseMs: 10_000, types: ['copy'] };
  const stale = (await claimTask(db.knex, db.dialect, { ...claim, runnerId: 'A' }))!;
  clock.advance(11_000);
  // The same runner id claims again: only the token tells the two claims apart.
  const fresh = (await claimTask(db.knex, db.dialect, { ...claim, now: clock.now(), runnerId: 'A' }))!;
  assert.is(Number(fresh.attempts), Number(stale.attempts) + 1);
  const staleFence = { id: task.id, runnerId: 'A', token: Number(stale.attempts) };
  assert.is(await tasks.updateHeld(staleFence, { success_count: 99 }), 0);
  assert.not.ok(await tasks.recordItem(staleFence, 0, { status: 'success', path: 'f0', error: null }));
  assert.not.ok(await tasks.holds(staleFence, clock.now()));

  const kit = testHandler();
  await executeTask(stale, kit.handler, {
    tasks,
    owners: taskOwnersIn(db),
    clock,
    runnerId: 'A',
    leaseMs: 10_000,
    flushIntervalMs: 500,
    logger: silent,
  });
  assert.equal(kit.started, [], 'the stale claim runs no item');
  const row = await tasks.byId(task.id);
  assert.equal([row.status, Number(row.success_count), Number(row.attempts)], ['running', 0, 2]);
  assert.equal(await tasks.recordedItems(task.id), []);
});

test('a successor skips and does not recount the items recorded after the dead runner last wrote its progress', async () => {
  const clock = manualClock(9_000_000);
  const service = createTaskService({ knex: db.knex, clock, wake() {} });
  const tasks = createTaskStore(db.knex);
  // Another type than the task above, which stays claimable.
  const task = await service.create(adminActor, { type: 'download', payload: { items: names(8, 'g') } });
  const dead = (await claimTask(db.knex, db.dialect, {
    runnerId: 'dead',
    now: clock.now(),
    leaseMs: 10_000,
    types: ['download'],
  }))!;
  const fence = { id: task.id, runnerId: 'dead', token: Number(dead.attempts) };
  // Its last progress write said 2 items; it recorded 5 (one failed, out of order) before it died.
  await tasks.updateHeld(fence, { next_item: 2, success_count: 2 });
  for (const i of [0, 1, 2, 4])
    assert.ok(await tasks.recordItem(fence, i, { status: 'success', path: `g${i}`, error: null }));
  assert.ok(await tasks.recordItem(fence, 5, { status: 'failed', path: 'g5', error: 'planned failure' }));

  clock.advance(10_001);
  const kit = testHandler();
  const runner = createTaskRunner({
    db,
    logger: silent,
    clock,
    leaseMs: 10_000,
  });
  runner.register('download', kit.handler);
  assert.is(await runner.drain(), 1);
  assert.equal(kit.runs, ['g3', 'g6', 'g7'], 'only the items never recorded run');
  const final = await service.get(adminActor, task.id);
  assert.equal(
    [final.status, final.total, final.success, final.failed, final.skipped],
    ['partial', 8, 7, 1, 0],
  );
  assert.is(final.results!.length, 8, 'one result per item');
  assert.equal(
    final.results!.map((r) => r.index).sort((a, b) => a - b),
    [0, 1, 2, 3, 4, 5, 6, 7],
  );
  assert.is((await tasks.recordedItems(task.id)).length, 8);
});

test('a runner whose lease may have lapsed by its own clock stops its items and hands the task back', async () => {
  const clock = manualClock(20_000_000);
  const service = createTaskService({ knex: db.knex, clock, wake() {} });
  const task = await service.create(adminActor, {
    type: 'upload',
    payload: { items: [{ name: 'u0' }, { name: 'u1', wait: true }, { name: 'u2' }] },
  });
  const kit = testHandler();
  const runner = createTaskRunner({
    db,
    logger: silent,
    clock,
    leaseMs: 9_000,
    pollMs: 10,
    // No heartbeat after the first: the same as heartbeats that all fail.
    flushIntervalMs: 3_600_000,
  });
  runner.register('upload', kit.handler);
  runner.start();
  await until(async () => kit.started.includes('u1'), 'the waiting item');
  // Three quarters of the lease pass without a renewal: the item stops at its next checkpoint and the
  // task is handed back (this runner, still polling, claims it again).
  clock.advance(6_751);
  const row = () => db.knex('tasks').where('id', task.id).first();
  await until(async () => Number((await row()).attempts) === 2, 'the hand-back and the next claim');
  assert.not.ok(kit.runs.includes('u1'), 'the stopped item did not finish');
  assert.equal(
    (await createTaskStore(db.knex).recordedItems(task.id)).map((r) => r.item_index),
    [0],
    'the stopped item is not recorded',
  );
  kit.release();
  await until(async () => (await row()).status === 'completed', 'the task to complete');
  await runner.stop();
  const final = await service.get(adminActor, task.id);
  assert.equal([final.success, final.total], [3, 3]);
  assert.equal(kit.runs, ['u0', 'u1', 'u2'], 'each item done once');
});

test('an item failing on a transient database error is run again; a lasting one fails the item', async () => {
  const service = createTaskService({ knex: db.knex, clock: { now: Date.now }, wake() {} });
  const task = await service.create(adminActor, {
    type: 'delete',
    payload: { items: [{ name: 'once' }, { name: 'twice' }, { name: 'never' }] },
  });
  const attempts = new Map<string, number>();
  const reset = () =>
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  const runner = createTaskRunner({ db, logger: silent });
  runner.register('delete', {
    describe: (item: { name: string }) => item.name,
    async runItem(item: { name: string }) {
      const n = (attempts.get(item.name) ?? 0) + 1;
      attempts.set(item.name, n);
      if (item.name === 'twice' && n < 3) throw { message: 'wrapped', detail: reset() };
      if (item.name === 'never') throw reset();
      return { status: 'success', path: item.name };
    },
  });
  assert.is(await runner.drain(), 1);
  const final = await service.get(adminActor, task.id);
  assert.equal([final.status, final.success, final.failed], ['partial', 2, 1]);
  assert.equal([attempts.get('once'), attempts.get('twice'), attempts.get('never')], [1, 3, 5]);
});

test('what counts as a transient database error', () => {
  for (const code of ['40001', '40P01', '57P01', '08006', 'ECONNRESET', 'SQLITE_BUSY'])
    assert.ok(isTransientDb(Object.assign(new Error('x'), { code })), code);
  assert.ok(isTransientDb(new Error('Connection terminated unexpectedly')));
  assert.ok(isTransientDb({ message: 'wrapped', nativeError: { code: '40001' } }));
  assert.not.ok(isTransientDb(Object.assign(new Error('dup'), { code: '23505' })));
  assert.not.ok(isTransientDb(new Error('syntax error')));
});

test.run();
