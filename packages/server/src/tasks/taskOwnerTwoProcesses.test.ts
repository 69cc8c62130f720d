// @clip-databases postgres
/**
 * A task runs as its key now, across processes: process A runs a key's copy task, the key is deleted
 * through process B (which runs no tasks), and A's remaining items fail naming the key. A learns of the
 * deletion from the shared database, not from anything B tells it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ClipClient, type Task } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { s3ConfigBody } from '../testing/mounts.ts';
import { startS3rver, type TestS3 } from '../testing/s3rver.ts';
import { type ServerProcesses, startServerProcesses } from '../testing/serverProcesses.ts';

const PASSWORD = 'task-owner-two-process-password';
const FILES = 600;
let processes: ServerProcesses;
let s3: TestS3;

test.before(async () => {
  [processes, s3] = await Promise.all([startServerProcesses(PASSWORD), startS3rver()]);
});
test.after(async () => {
  await processes?.close();
  await s3?.close();
});

test('a key deleted through another process stops its task on the process running it', async () => {
  const root = await processes.tempDir('clip-owner-storage-');
  for (let d = 0; d < 6; d++) await mkdir(join(root, 'src', `d${d}`), { recursive: true });
  await Promise.all(
    Array.from({ length: FILES }, (_, i) => writeFile(join(root, 'src', `d${i % 6}`, `f${i}.txt`), `${i}`)),
  );
  const runner = await processes.start({ CLIP_TASK_POLL_MS: '50' });
  const { client: admin } = await processes.admin(runner.url);
  const local = await admin.storageConfigs.create({ name: 'disk', provider_type: 'local', root_path: root });
  await admin.mounts.create({
    name: 'disk',
    mount_path: '/loc',
    storage_type: 'local',
    storage_config_id: local.id,
  });
  const remote = await admin.storageConfigs.create(s3ConfigBody(s3, 's3rver'));
  await admin.mounts.create({
    name: 's3',
    mount_path: '/s3',
    storage_type: 's3',
    storage_config_id: remote.id,
  });
  // B starts no task runner: A runs every task.
  const other = await processes.start({ CLIP_TASK_POLL_MS: '0' });
  const { client: adminB } = await processes.admin(other.url);
  const key = await adminB.apiKeys.create({ name: 'two-process copier', mount_permission: true });
  const keyClient = new ClipClient({ baseUrl: other.url, auth: { type: 'apikey', key: key.key } });

  const started = (await keyClient.fs.batchCopy({
    items: [{ sourcePath: '/loc/src', targetPath: '/s3/dst' }],
  })) as { task_id: string };
  let deleted = false;
  let final: Task | null = null;
  for await (const t of adminB.tasks.watch(started.task_id, { intervalMs: 20 })) {
    if (!deleted && t.success >= 1) {
      await adminB.apiKeys.remove(key.id);
      deleted = true;
    }
    final = t;
  }
  assert.ok(deleted);
  assert.is(final!.status, 'partial', `the task ends partial (${final!.error})`);
  assert.ok(final!.failed > 0, 'items were left when the key was deleted');
  assert.is(final!.success + final!.skipped + final!.failed, final!.total);
  assert.is(final!.error, 'API key "two-process copier" was deleted: the remaining items were not run');
  const results = (await adminB.tasks.get(started.task_id)).results!;
  for (const r of results.filter((x) => x.status === 'failed'))
    assert.is(r.error, 'not run: API key "two-process copier" was deleted');
});

test.run();
