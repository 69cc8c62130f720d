// @clip-databases sqlite postgres
/**
 * Issue 33 item 5: a copy inside one storage and a small batch delete, done by the server within the
 * request, are listed as finished tasks like the queued ones; every task says what it read and wrote
 * and names its first skipped and failed items with why, bounded however many there are.
 */
import { TASK_ITEMS_NAMED, type Task } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFile } from '../fs/copy/testing/copyTestKit.ts';
import { type FsKit, startFsKit } from '../fs/testing/fsTestKit.ts';
import type { FsService } from '../fs/types.ts';
import { rejects } from '../testing/rejects.ts';
import { startTestServer } from '../testing/testServer.ts';
import { keyActor, until } from './testing/tasksTestKit.ts';

let kit: FsKit;
let fs: FsService;
test.before(async () => {
  kit = await startFsKit(startTestServer());
  fs = kit.server.app.services.fs;
  await kit.mountLocAndS3();
});
test.after(async () => kit?.close());

const named = (items: Task['failed_items']) => (items ?? []).map((i) => [i.path, i.error]);

test('a copy inside one storage is a finished task naming its source, target, skipped and failed items', async () => {
  const a = await kit.server.keyClient({ mount: true });
  const b = await kit.server.keyClient({ mount: true });
  for (const name of ['a.txt', 'b.txt', 'c.txt', 'd.txt']) await writeFile(fs, `/loc/one/src/${name}`, name);
  await writeFile(fs, '/loc/one/dst/a.txt', 'kept');
  // A folder where d.txt would land: that item fails, the rest go on.
  await fs.mkdir(keyActor(a.id), '/loc/one/dst/d.txt');

  const answer = await a.client.fs.batchCopy({
    items: [{ sourcePath: '/loc/one/src', targetPath: '/loc/one/dst' }],
  });
  assert.ok(!('task_id' in answer), 'done within the request');
  assert.is((answer as { copied: number }).copied, 2);

  const listed = await a.client.tasks.list();
  assert.is(listed.items.length, 1, 'the copy done in the request is listed');
  const row = listed.items[0];
  assert.is(row.type, 'copy');
  assert.is(row.status, 'partial');
  assert.is(row.source, '/loc/one/src');
  assert.is(row.target, '/loc/one/dst');
  // The folder and four files: the folder and two files copied, one kept, one refused.
  assert.equal([row.total, row.success, row.skipped, row.failed], [5, 3, 1, 1]);
  assert.is(row.progress, 100);
  assert.is(row.skipped_items, undefined, 'a list names no items');

  const detail = await a.client.tasks.get(row.id);
  assert.equal(named(detail.skipped_items), [['/loc/one/dst/a.txt', 'already at the target (kept)']]);
  assert.equal(
    named(detail.failed_items).map(([path]) => path),
    ['/loc/one/dst/d.txt'],
  );
  assert.match(detail.failed_items?.[0].error ?? '', /is a folder/);

  // Another key does not see it; the admin does, as the key's.
  assert.is((await b.client.tasks.list()).total, 0);
  assert.is((await rejects(b.client.tasks.get(row.id))).status, 404);
  const admin = await kit.server.adminClient();
  const seen = (await admin.tasks.list({ limit: 200 })).items.find((t) => t.id === row.id);
  assert.is(seen?.owner, `apikey:${a.id}`);
  assert.is((await admin.tasks.get(row.id)).failed_items?.length, 1);

  // Its failed item is retried through the runner like any task's.
  await fs.remove(keyActor(a.id), '/loc/one/dst/d.txt');
  await a.client.tasks.retry(row.id);
  let retried: Task | null = null;
  await until(async () => {
    retried = await a.client.tasks.get(row.id);
    return retried.status === 'completed';
  }, 'the retry ran');
  assert.equal(named(retried!.failed_items), []);
  assert.is(retried!.source, '/loc/one/src', 'a retry keeps what the task was');
});

test('a small batch delete is a finished task naming what it could not delete', async () => {
  const a = await kit.server.keyClient({ mount: true });
  await writeFile(fs, '/loc/two/x.txt', 'x');
  await writeFile(fs, '/loc/two/y.txt', 'y');
  const result = await a.client.fs.batchRemove(['/loc/two/x.txt', '/loc/two/y.txt', '/loc/two/gone.txt']);
  assert.equal(result.removed, ['/loc/two/x.txt', '/loc/two/y.txt']);
  const [task] = (await a.client.tasks.list({ type: 'delete' })).items;
  assert.ok(task, 'the delete is listed');
  assert.equal([task.status, task.source, task.target], ['partial', '/loc/two', null]);
  assert.equal([task.total, task.success, task.failed], [3, 2, 1]);
  const detail = await a.client.tasks.get(task.id);
  assert.equal(named(detail.failed_items), [['/loc/two/gone.txt', result.failed[0].error]]);
});

test('a task of thousands of items names the first 100 skipped and failed; the counts say the rest', async () => {
  const a = await kit.server.keyClient({ mount: true });
  const outcomes = [
    ...Array.from({ length: 1500 }, (_, i) => ({
      status: 'skipped' as const,
      path: `/loc/s${i}`,
      error: 'kept',
    })),
    ...Array.from({ length: 1200 }, (_, i) => ({
      status: 'failed' as const,
      path: `/loc/f${i}`,
      error: 'no',
    })),
    { status: 'success' as const, path: '/loc/ok' },
  ];
  const task = await kit.server.app.services.tasks.recordDone(keyActor(a.id), {
    type: 'copy',
    payload: { items: outcomes.map((o) => ({ target: o.path })) },
    outcomes,
  });
  const detail = await a.client.tasks.get(task.id);
  assert.equal([detail.skipped, detail.failed, detail.success, detail.status], [1500, 1200, 1, 'partial']);
  assert.is(detail.skipped_items?.length, TASK_ITEMS_NAMED);
  assert.is(detail.failed_items?.length, TASK_ITEMS_NAMED);
  assert.is(detail.skipped_items?.[99].path, '/loc/s99', 'the first ones, in order');
  assert.is(detail.failed_items?.[0].path, '/loc/f0');
});

test.run();
