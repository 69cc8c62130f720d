// @clip-databases postgres
/**
 * A task runs as its key now, across processes: process A runs a key's copy task, the key is deleted
 * through process B (which runs no tasks), and A's remaining items fail naming the key. A learns of the
 * deletion from the shared database, not from anything B tells it.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClipClient, type Task } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { s3ConfigBody } from '../testing/mounts.ts';
import { startS3rver, type TestS3 } from '../testing/s3rver.ts';
import { type ServerInstance, startServerInstance } from '../testing/serverInstance.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';

const PASSWORD = 'task-owner-two-process-password';
const FILES = 600;
let database: TestDatabase;
let s3: TestS3;
const dirs: string[] = [];
const running: ChildProcess[] = [];

async function startProcess(env: Record<string, string>): Promise<ServerInstance> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clip-owner-'));
  dirs.push(dataDir);
  const instance = await startServerInstance({
    CLIP_PORT: '0',
    CLIP_HOST: '127.0.0.1',
    CLIP_DATA_DIR: dataDir,
    DATABASE_URL: database.url ?? '',
    // One secret for both: each must open the storage config the other sealed.
    CLIP_SECRET: 'a-two-process-secret-of-enough-length',
    CLIP_ADMIN_PASSWORD: PASSWORD,
    CLIP_LOG_LEVEL: 'warn',
    CLIP_SWEEP_INTERVAL_MS: '0',
    ...env,
  });
  running.push(instance.child);
  return instance;
}

async function adminOf(url: string): Promise<ClipClient> {
  const { token } = await new ClipClient({ baseUrl: url }).auth.login('admin', PASSWORD);
  return new ClipClient({ baseUrl: url, auth: { type: 'admin', token } });
}

test.before(async () => {
  database = await createTestDatabase();
  s3 = await startS3rver();
});
test.after(async () => {
  for (const child of running) child.kill('SIGKILL');
  await s3?.close();
  await database?.release();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

test('a key deleted through another process stops its task on the process running it', async () => {
  const root = await mkdtemp(join(tmpdir(), 'clip-owner-storage-'));
  dirs.push(root);
  for (let d = 0; d < 6; d++) await mkdir(join(root, 'src', `d${d}`), { recursive: true });
  await Promise.all(
    Array.from({ length: FILES }, (_, i) => writeFile(join(root, 'src', `d${i % 6}`, `f${i}.txt`), `${i}`)),
  );
  const runner = await startProcess({ CLIP_TASK_POLL_MS: '50' });
  const admin = await adminOf(runner.url);
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
  const other = await startProcess({ CLIP_TASK_POLL_MS: '0' });
  const adminB = await adminOf(other.url);
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
