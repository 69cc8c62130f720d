// @clip-databases sqlite postgres
/**
 * A task runs as its key now (issue 27 item 7): a copy task over many files whose key is deleted,
 * narrowed (basic path, mount flag) or expires (the injected clock) while it runs fails its remaining
 * items with an error naming the key; what was copied before stays; the counts are honest; the admin's
 * task beside it is unaffected.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClipClient, Task } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { offsetClock } from '../clock.ts';
import { tree } from '../fs/copy/testing/copyTestKit.ts';
import { type FsKit, startFsKit } from '../fs/testing/fsTestKit.ts';
import { startTestServer } from '../testing/testServer.ts';

const FILES = 600;
const clock = offsetClock();
let kit: FsKit;
let admin: ClipClient;

test.before(async () => {
  // A lease longer than the clock's jump below: the runner keeps its task while the key expires.
  kit = await startFsKit(startTestServer({ taskLeaseMs: 3_600_000, taskPollMs: 50 }, { clock }));
  admin = await kit.server.adminClient();
  await kit.mountLocAndS3();
  // The files straight into the local storage's directory (the /loc mount shows its root): fast to set up.
  const root = (
    (await admin.storageConfigs.list()).items.find((c) => c.provider_type === 'local') as {
      root_path: string;
    }
  ).root_path;
  for (let d = 0; d < 6; d++) await mkdir(join(root, 'src', `d${d}`), { recursive: true });
  await Promise.all(
    Array.from({ length: FILES }, (_, i) =>
      writeFile(join(root, 'src', `d${i % 6}`, `f${i}.txt`), `file ${i}`),
    ),
  );
});
test.after(async () => kit?.close());

async function newKey(extra: { expires_at?: string } = {}) {
  const key = await admin.apiKeys.create({
    name: `copier ${Math.random().toString(36).slice(2, 8)}`,
    mount_permission: true,
    basic_path: '/',
    ...extra,
  });
  return { key, client: kit.server.client({ type: 'apikey', key: key.key }) };
}

/** Starts a copy of /loc/src into `target` as `client`; `meddle` runs once the first files are copied. */
async function copyWhile(client: ClipClient, target: string, meddle: () => Promise<void>) {
  const started = await client.fs.batchCopy({ items: [{ sourcePath: '/loc/src', targetPath: target }] });
  assert.ok('task_id' in started, 'across storage configs the copy is a task');
  const id = (started as { task_id: string }).task_id;
  let meddled = false;
  let final: Task | null = null;
  // The admin watches: a deleted key can no longer look at its own task.
  for await (const t of admin.tasks.watch(id, { intervalMs: 20 })) {
    if (!meddled && t.success >= 1) {
      await meddle();
      meddled = true;
    }
    final = t;
  }
  assert.ok(meddled);
  return { final: final!, detail: await admin.tasks.get(id) };
}

/** What every meddled task must show: partial, honest counts, the copied files kept, the rest refused. */
async function assertStoppedHonestly(final: Task, detail: Task, target: string, refusal: RegExp) {
  assert.is(final.status, 'partial', `the task ends partial (${final.error})`);
  assert.ok(final.failed > 0, 'the key changed while the task still had items to run');
  assert.is(final.success + final.skipped + final.failed, final.total, 'every item is counted once');
  const results = detail.results!;
  assert.is(results.length, final.total);
  const failed = results.filter((r) => r.status === 'failed');
  assert.is(failed.length, final.failed);
  for (const r of failed) assert.match(r.error ?? '', refusal, `${r.path}: ${r.error}`);
  const copiedFiles = results.filter((r) => r.status === 'success' && /\/f\d+\.txt$/.test(r.path)).length;
  assert.is((await tree(kit.server.app.services.fs, target)).size, copiedFiles, 'files copied before stay');
}

test('a deleted key: its remaining items fail naming the key; the admin task beside it completes', async () => {
  const { key, client } = await newKey();
  const adminCopy = (await admin.fs.batchCopy({
    items: [{ sourcePath: '/loc/src', targetPath: '/s3/by-admin' }],
  })) as { task_id: string };
  const { final, detail } = await copyWhile(client, '/s3/deleted', async () => {
    await admin.apiKeys.remove(key.id);
  });
  const named = `API key "${key.name}" was deleted`;
  await assertStoppedHonestly(final, detail, '/s3/deleted', new RegExp(`^not run: ${named}$`));
  assert.is(final.error, `${named}: the remaining items were not run`, 'the task says why it stopped');

  const adminTask = await admin.tasks.finish(adminCopy.task_id);
  assert.is(adminTask.status, 'completed');
  assert.is(adminTask.failed, 0);
  assert.is((await tree(kit.server.app.services.fs, '/s3/by-admin')).size, FILES);
});

test('a key narrowed to another basic path: the remaining items are refused for the key', async () => {
  const { key, client } = await newKey();
  const { final, detail } = await copyWhile(client, '/s3/narrowed', async () => {
    await admin.apiKeys.update(key.id, { basic_path: '/loc' });
  });
  await assertStoppedHonestly(
    final,
    detail,
    '/s3/narrowed',
    new RegExp(`API key "${key.name}": no access to "/s3/narrowed/`),
  );
});

test('a key whose mount permission is removed: the remaining items are refused for the key', async () => {
  const { key, client } = await newKey();
  const { final, detail } = await copyWhile(client, '/s3/unflagged', async () => {
    await admin.apiKeys.update(key.id, { mount_permission: false });
  });
  await assertStoppedHonestly(
    final,
    detail,
    '/s3/unflagged',
    new RegExp(`API key "${key.name}": this API key has no mount permission`),
  );
});

test('a key that expires while its task runs (the injected clock): the remaining items are not run', async () => {
  const { key, client } = await newKey({ expires_at: new Date(clock.now() + 60_000).toISOString() });
  const { final, detail } = await copyWhile(client, '/s3/expired', async () => clock.advance(120_000));
  const named = `API key "${key.name}" expired at `;
  await assertStoppedHonestly(final, detail, '/s3/expired', new RegExp(`^not run: ${named}`));
  assert.ok(final.error?.startsWith(named), `the task says why it stopped: ${final.error}`);
});

test.run();
