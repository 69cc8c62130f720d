// @clip-databases sqlite postgres
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Database, openDatabase } from '../db/connect.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { manualClock } from './clock.ts';
import { createTaskRunner } from './runner.ts';
import { createTaskService } from './taskService.ts';
import { claimTask } from './taskStore.ts';
import { adminActor, insertTestAdmin, testHandler } from './testing/tasksTestKit.ts';
import { isTransient, withRetry } from './transient.ts';

const silent = { warn() {}, error() {} };
let dataDir: string;
let database: TestDatabase;
const opened: Database[] = [];
const open = async () => {
  const db = await openDatabase({ dataDir, databaseUrl: database.url });
  opened.push(db);
  return db;
};

test.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'clip-tasks-'));
  database = await createTestDatabase();
  await insertTestAdmin((await open()).knex);
});
test.after(async () => {
  for (const db of opened) await db.close();
  await database.release();
  await rm(dataDir, { recursive: true, force: true });
});

test('a lapsed lease is taken over and the task goes on from the first item not done', async () => {
  const db = await open();
  const clock = manualClock(1_000_000);
  const service = createTaskService({ knex: db.knex, clock, wake() {} });
  const task = await service.create(adminActor, {
    type: 'copy',
    payload: { items: ['i0', 'i1', 'i2', 'i3', 'i4'].map((name) => ({ name })) },
  });
  // A process claims the task, gets two items done, and dies (it never renews its lease again).
  const dead = await claimTask(db.knex, db.dialect, {
    runnerId: 'dead',
    now: clock.now(),
    leaseMs: 30_000,
    types: ['copy'],
  });
  assert.is(dead?.id, task.id);
  await db.knex('tasks').where('id', task.id).update({ next_item: 2, success_count: 2 });

  const kit = testHandler();
  const runner = createTaskRunner({
    db,
    logger: silent,
    clock,
    leaseMs: 30_000,
  });
  runner.register('copy', kit.handler);
  clock.advance(29_000);
  assert.is(await runner.drain(), 0, 'the lease still holds: nobody else takes the task');
  clock.advance(2_000);
  assert.is(await runner.drain(), 1);
  assert.equal(kit.runs, ['i2', 'i3', 'i4'], 'items done before the takeover are not run again');
  const final = await service.get(adminActor, task.id);
  assert.equal([final.status, final.success, final.total, final.progress], ['completed', 5, 5, 100]);
  const row = await db.knex('tasks').where('id', task.id).first();
  assert.is(Number(row.attempts), 2);
  assert.is(row.lease_owner, null);
});

test('three runners on one database run each of 30 tasks exactly once', async () => {
  const runs = new Map<string, number>();
  const dbs = [await open(), await open(), await open()];
  const service = createTaskService({ knex: dbs[0].knex, clock: { now: Date.now }, wake() {} });
  const ids: string[] = [];
  for (let i = 0; i < 30; i++) {
    const t = await service.create(adminActor, {
      type: 'delete',
      payload: { items: [{ name: `t${i}-a` }, { name: `t${i}-b` }] },
    });
    ids.push(t.id);
  }
  const runners = dbs.map((db) => {
    const runner = createTaskRunner({
      db,
      logger: silent,
      pollMs: 5,
      maxTasks: 3,
    });
    runner.register('delete', {
      describe: (item: { name: string }) => item.name,
      async runItem(item: { name: string }) {
        runs.set(item.name, (runs.get(item.name) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
        return { status: 'success', path: item.name };
      },
    });
    return runner;
  });
  for (const r of runners) r.start();
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [{ n }] = await dbs[0]
      .knex('tasks')
      .whereIn('id', ids)
      .where('status', 'completed')
      .count({ n: '*' });
    if (Number(n) === 30) break;
    if (Date.now() > deadline) throw new Error(`only ${n} of 30 tasks completed`);
    await new Promise((r) => setTimeout(r, 20));
  }
  await Promise.all(runners.map((r) => r.stop()));
  assert.is(runs.size, 60);
  assert.ok(
    [...runs.values()].every((n) => n === 1),
    'every item ran exactly once',
  );
  const attempts = await dbs[0].knex('tasks').whereIn('id', ids).select('attempts');
  assert.ok(
    attempts.every((a: { attempts: number }) => Number(a.attempts) === 1),
    'every task was claimed once',
  );
});

test('progress is written at most twice a second', async () => {
  const db = await open();
  const service = createTaskService({ knex: db.knex, clock: { now: Date.now }, wake() {} });
  const task = await service.create(adminActor, {
    type: 'upload',
    payload: { items: Array.from({ length: 400 }, (_, i) => ({ name: `p${i}` })) },
  });
  const runner = createTaskRunner({ db, logger: silent });
  runner.register('upload', {
    describe: (item: { name: string }) => item.name,
    async runItem(item: { name: string }, _p, ctx) {
      ctx.addBytes(1);
      await new Promise((r) => setTimeout(r, 2));
      return { status: 'success', path: item.name };
    },
  });
  let writes = 0;
  const count = (q: { sql: string }) => {
    if (/^update [`"]tasks[`"]/i.test(q.sql)) writes++;
  };
  db.knex.on('query', count);
  const started = Date.now();
  await runner.drain();
  const elapsed = Date.now() - started;
  db.knex.off('query', count);
  // One claim, the first heartbeat, one per 500 ms, and the final write.
  assert.ok(writes <= 3 + Math.ceil(elapsed / 500), `${writes} writes in ${elapsed} ms`);
  const final = await service.get(adminActor, task.id);
  assert.equal([final.status, final.success, final.bytes_done], ['completed', 400, 400]);
});

test('a process shutting down hands its task back as pending, from the first item not done', async () => {
  const db = await open();
  const service = createTaskService({ knex: db.knex, clock: { now: Date.now }, wake() {} });
  const task = await service.create(adminActor, {
    type: 'download',
    payload: { items: [{ name: 's0' }, { name: 's1', wait: true }, { name: 's2' }] },
  });
  const kit = testHandler();
  const runner = createTaskRunner({ db, logger: silent, pollMs: 10 });
  runner.register('download', kit.handler);
  runner.start();
  const deadline = Date.now() + 20_000;
  while (!kit.started.includes('s1')) {
    if (Date.now() > deadline) throw new Error('the task never reached its waiting item');
    await new Promise((r) => setTimeout(r, 10));
  }
  await runner.stop();
  const row = await db.knex('tasks').where('id', task.id).first();
  assert.equal(
    [row.status, row.lease_owner, Number(row.next_item), Number(row.success_count)],
    ['pending', null, 1, 1],
  );
  assert.not.ok(kit.started.includes('s2'));

  const next = createTaskRunner({ db, logger: silent });
  next.register('download', kit.handler);
  kit.release();
  assert.is(await next.drain(), 1);
  assert.is((await service.get(adminActor, task.id)).status, 'completed');
  assert.equal(kit.runs, ['s0', 's1', 's2']);
});

test('transient storage errors are retried with backoff, 4xx never', async () => {
  const delays: number[] = [];
  const sleep = async (ms: number) => {
    delays.push(ms);
  };
  let calls = 0;
  const slowDown = Object.assign(new Error('slow down'), { $metadata: { httpStatusCode: 503 } });
  const value = await withRetry(
    async () => {
      if (++calls < 3) throw slowDown;
      return 'ok';
    },
    { sleep, baseDelayMs: 100 },
  );
  assert.is(value, 'ok');
  assert.is(calls, 3);
  assert.is(delays.length, 2);
  assert.ok(delays[1] >= 100 && delays[1] <= 200, 'the second wait backs off');

  calls = 0;
  const denied = Object.assign(new Error('denied'), { $metadata: { httpStatusCode: 403 } });
  try {
    await withRetry(
      async () => {
        calls++;
        throw denied;
      },
      { sleep },
    );
    assert.unreachable();
  } catch (err) {
    assert.is(err, denied);
  }
  assert.is(calls, 1);
  assert.ok(isTransient(Object.assign(new Error('x'), { $metadata: { httpStatusCode: 429 } })));
  assert.ok(isTransient(Object.assign(new Error('x'), { code: 'ETIMEDOUT' })));
  assert.not.ok(isTransient(Object.assign(new Error('x'), { $metadata: { httpStatusCode: 404 } })));
});

test.run();
