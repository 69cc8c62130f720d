// @clip-databases sqlite postgres
import type { Task } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rejects } from '../testing/rejects.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { keyActor, serverAdmin, testHandler, until } from './testing/tasksTestKit.ts';

let server: TestServer;
const kit = testHandler();
test.before(async () => {
  // The runner starts with the second test: every task type has a handler now, so the first test's
  // tasks stay pending only while no runner looks.
  server = await startTestServer({ taskPollMs: 0 });
  // The test's handler replaces the archive handler of 'download' tasks, on the app's real runner.
  server.app.services.taskRunner.register('download', kit.handler);
});
test.after(async () => server?.close());

const waitFor = async (get: () => Promise<Task>, ok: (t: Task) => boolean, what: string) => {
  let last: Task | null = null;
  await until(async () => {
    last = await get();
    return ok(last);
  }, what);
  return last!;
};

test('a key sees only its own tasks; the admin sees all; filters and paging', async () => {
  const a = await server.keyClient({ mount: true });
  const b = await server.keyClient({ mount: true });
  const tasks = server.app.services.tasks;
  // No runner runs yet, so these stay pending while we look.
  const mineA = [];
  for (let i = 0; i < 3; i++)
    mineA.push(
      await tasks.create(keyActor(a.id), { type: 'upload', payload: { items: [{ name: `a${i}` }] } }),
    );
  const deleteA = await tasks.create(keyActor(a.id), { type: 'delete', payload: { items: [] } });
  const mineB = await tasks.create(keyActor(b.id), { type: 'upload', payload: { items: [{ name: 'b' }] } });

  const listA = await a.client.tasks.list();
  assert.equal(listA.items.map((t) => t.id).sort(), [...mineA.map((t) => t.id), deleteA.id].sort());
  assert.ok(listA.items.every((t) => t.owner === `apikey:${a.id}`));
  assert.is((await a.client.tasks.list({ type: 'upload' })).total, 3);
  assert.equal(
    (await a.client.tasks.list({ type: 'delete' })).items.map((t) => t.id),
    [deleteA.id],
  );
  const page2 = await a.client.tasks.list({ type: 'upload', limit: 2, page: 2 });
  assert.is(page2.items.length, 1);
  assert.is(page2.total, 3);
  assert.is((await a.client.tasks.list({ status: 'pending', type: 'upload' })).total, 3);
  assert.is((await a.client.tasks.list({ status: 'cancelled' })).total, 0);

  // B cannot read, cancel, retry or delete A's task: it answers as if missing.
  const id = mineA[0].id;
  for (const call of [
    () => b.client.tasks.get(id),
    () => b.client.tasks.cancel(id),
    () => b.client.tasks.retry(id),
    () => b.client.tasks.remove(id),
  ])
    assert.is((await rejects(call())).status, 404);
  assert.equal(
    (await b.client.tasks.list()).items.map((t) => t.id),
    [mineB.id],
  );

  const admin = await server.adminClient();
  const all = await admin.tasks.list({ type: 'upload', limit: 100 });
  for (const t of [...mineA, mineB]) assert.ok(all.items.some((x) => x.id === t.id));

  const bad = await rejects(admin.tasks.list({ status: 'done' as never }));
  assert.is(bad.status, 400);
  assert.match(bad.message, /status/);

  // A key without mount permission has no task API.
  const textOnly = await server.keyClient({ text: true });
  assert.is((await rejects(textOnly.client.tasks.list())).status, 403);

  // Clean up: pending tasks are cancelled on the spot, then cleared.
  for (const t of mineA) assert.is((await a.client.tasks.cancel(t.id)).status, 'cancelled');
  // The empty delete task runs (nothing to delete): it is finished, so it goes with the clear too.
  await server.app.services.taskRunner.drain();
  assert.is((await a.client.tasks.get(deleteA.id)).status, 'completed');
  assert.is((await a.client.tasks.clear()).cleared, 4);
  assert.is((await a.client.tasks.list()).total, 0);
  assert.is((await b.client.tasks.list()).total, 1, "A's clear leaves B's tasks alone");
});

test('a task runs its items, reports results, and retry runs only the failed items', async () => {
  server.app.services.taskRunner.start();
  const a = await server.keyClient({ mount: true });
  const created = await server.app.services.tasks.create(keyActor(a.id), {
    type: 'download',
    payload: {
      items: [{ name: 'r1' }, { name: 'r2', failTimes: 1 }, { name: 'r3' }, { name: 'r4', failTimes: 1 }],
    },
  });
  const done = await waitFor(
    () => a.client.tasks.get(created.id),
    (t) => t.status === 'partial',
    'a partial task',
  );
  assert.equal([done.total, done.success, done.failed, done.skipped], [4, 2, 2, 0]);
  assert.is(done.bytes_done, 20);
  assert.ok(done.completed_at);
  assert.equal(
    done.results!.filter((r) => r.status === 'failed').map((r) => [r.path, r.error]),
    [
      ['r2', 'planned failure'],
      ['r4', 'planned failure'],
    ],
  );

  const retried = await a.client.tasks.retry(created.id);
  assert.is(retried.total, 2);
  const watched: Task[] = [];
  for await (const t of a.client.tasks.watch(created.id, { intervalMs: 50 })) watched.push(t);
  const final = watched.at(-1)!;
  assert.is(final.status, 'completed');
  assert.equal([final.total, final.success, final.failed], [2, 2, 0]);
  assert.is(final.progress, 100);
  assert.equal(
    kit.runs.filter((n) => n === 'r1').length,
    1,
    'retry did not run the items that had succeeded',
  );
  assert.equal(kit.runs.filter((n) => n === 'r2').length, 1);

  const again = await rejects(a.client.tasks.retry(created.id));
  assert.is(again.status, 409, 'nothing left to retry');
  await a.client.tasks.remove(created.id);
  assert.is((await rejects(a.client.tasks.get(created.id))).status, 404);
});

test('delete is refused while a task runs; cancel stops it between items', async () => {
  const admin = await server.adminClient();
  kit.rearm();
  const created = await server.app.services.tasks.create(await serverAdmin(server.app.services.db.knex), {
    type: 'download',
    payload: { items: [{ name: 'c1' }, { name: 'c2', wait: true }, { name: 'c3' }, { name: 'c4' }] },
  });
  await waitFor(
    () => admin.tasks.get(created.id),
    (t) => t.status === 'running' && kit.started.includes('c2'),
    'the task to reach its waiting item',
  );
  const refused = await rejects(admin.tasks.remove(created.id));
  assert.is(refused.status, 409);
  assert.match(refused.message, /cancel/);
  assert.is((await admin.tasks.cancel(created.id)).cancel_requested, true);
  const final = await waitFor(
    () => admin.tasks.get(created.id),
    (t) => t.status === 'cancelled',
    'the task to stop',
  );
  assert.ok(!kit.started.includes('c3'), 'no item started after the cancel');
  assert.equal(
    [final.success, final.failed],
    [1, 0],
    'the item cut at its checkpoint is neither done nor failed',
  );
  assert.is((await rejects(admin.tasks.cancel(created.id))).status, 409);
  await admin.tasks.remove(created.id);
});

test.run();
