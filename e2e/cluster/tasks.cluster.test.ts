// @clip-databases postgres
// Tasks through the cluster (issue 32): a copy of 3,000 files whose process is killed with SIGKILL, and
// another cut by bursts of Postgres connection resets, both end `completed` with every file there once
// and counts equal to the items; the dead runner's temp files are swept.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClipClient } from '@clip/sdk';
import { s3ConfigBody, startS3rver, type TestS3 } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sqlOn, until } from '../tasks/serverProcess.ts';
import { type Cluster, startCluster } from './cluster.ts';

const FILES = 3000;
let cluster: Cluster;
let s3: TestS3;
let admin: ClipClient;
let storage: string;
const created = new Map<string, number>();

const sql = <T>(query: string, values: unknown[] = []) => sqlOn<T>(cluster.databaseUrl, query, values);

interface TaskState {
  status: string;
  lease_owner: string | null;
  total_count: number;
  success_count: number;
  skipped_count: number;
  failed_count: number;
  attempts: number;
  recorded: string;
}
const taskState = async (id: string) =>
  (
    await sql<TaskState>(
      `SELECT status, lease_owner, total_count, success_count, skipped_count, failed_count, attempts,
              (SELECT count(*) FROM task_items WHERE task_id = $1) AS recorded
       FROM tasks WHERE id = $1`,
      [id],
    )
  )[0];

/** The cluster's process whose runner holds the task (runner ids start with the process id). */
function runnerOf(state: TaskState): number {
  const pid = Number(state.lease_owner?.split('-')[0]);
  const i = cluster.processes.findIndex((p) => p.instance.child.pid === pid);
  assert.ok(i >= 0, `runner ${state.lease_owner} is a cluster process`);
  return i;
}

async function sourceTree(name: string): Promise<string[]> {
  const names: string[] = [];
  for (let d = 0; d < 10; d++) await mkdir(join(storage, name, `d${d}`), { recursive: true });
  for (let i = 0; i < FILES; i += 100)
    await Promise.all(
      Array.from({ length: 100 }, (_, k) => {
        const rel = `d${(i + k) % 10}/f${i + k}.txt`;
        names.push(rel);
        return writeFile(join(storage, name, rel), `file ${i + k}`);
      }),
    );
  return names.sort();
}

/** Every file below `dir`, relative, with what is left of temp files. */
async function localTree(dir: string): Promise<{ files: string[]; temps: string[] }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  const temps: string[] = [];
  for (const e of entries) {
    if (!e.isFile()) continue;
    const rel = join(e.parentPath, e.name).slice(dir.length + 1);
    (e.name.startsWith('.clip-tmp-') ? temps : files).push(rel);
  }
  return { files: files.sort(), temps };
}

function assertCountedOnce(final: TaskState) {
  const total = Number(final.total_count);
  assert.is(final.status, 'completed');
  assert.is(Number(final.failed_count), 0);
  assert.is(Number(final.success_count) + Number(final.skipped_count), total, 'counts add up to the items');
  assert.is(Number(final.recorded), total, 'one outcome recorded per item');
}

test.before(async () => {
  s3 = await startS3rver();
  s3.onObjectCreated((key) => created.set(key, (created.get(key) ?? 0) + 1));
  // A short lease, so the dead runner's task is taken over within seconds.
  cluster = await startCluster({ env: { CLIP_TASK_LEASE_MS: '4000' } });
  admin = await cluster.adminClient();
  storage = join(cluster.sharedDir, 'storage');
  const local = (await admin.storageConfigs.list()).items.find((c) => c.provider_type === 'local')!;
  const bucket = await admin.storageConfigs.create(s3ConfigBody(s3, 's3rver'));
  await admin.mounts.create({
    name: 'loc',
    mount_path: '/loc',
    storage_type: 'local',
    storage_config_id: local.id,
  });
  await admin.mounts.create({
    name: 's3',
    mount_path: '/s3',
    storage_type: 's3',
    storage_config_id: bucket.id,
  });
});
test.after(async () => {
  await cluster?.close();
  await s3?.close();
});

test('kill -9 of the process running a copy of 3,000 files: completed, every file once, counts equal items', async () => {
  const names = await sourceTree('killsrc');
  const answer = (await admin.fs.batchCopy({
    items: [{ sourcePath: '/loc/killsrc', targetPath: '/loc/killdst' }],
    skipExisting: false,
  })) as { task_id: string };
  assert.ok(answer.task_id, 'a copy of 3,000 files is a task');
  const running = await until(async () => {
    const s = await taskState(answer.task_id);
    return s.status === 'running' && Number(s.recorded) >= 300 ? s : null;
  }, 'the copy to get going');
  const victim = runnerOf(running);
  await cluster.kill(victim);
  const atKill = Number((await taskState(answer.task_id)).recorded);
  assert.ok(atKill < Number(running.total_count), 'killed mid-copy');

  const final = await until(
    async () => {
      const s = await taskState(answer.task_id);
      return s.status === 'completed' || s.status === 'partial' || s.status === 'failed' ? s : null;
    },
    'the task to be taken over and finish',
    240_000,
  );
  assertCountedOnce(final);
  assert.ok(Number(final.attempts) >= 2, 'claimed, then taken over');
  const target = await localTree(join(storage, 'killdst'));
  assert.equal(target.files, names, 'every file there once');
  assert.equal(target.temps, [], 'no temp file of the dead runner left');
  for (const rel of ['d3/f3.txt', 'd9/f2999.txt'])
    assert.is(
      await readFile(join(storage, 'killdst', rel), 'utf8'),
      `file ${Number(/f(\d+)/.exec(rel)![1])}`,
    );
  // Through the balancer, the listing (whichever process answers) shows the files.
  assert.is((await admin.fs.listAll('/loc/killdst/d0')).items.length, FILES / 10);

  await cluster.restart(victim);
});

test('bursts of Postgres connection resets during a copy: completed, every object once, counts equal items', async () => {
  const names = await sourceTree('resetsrc');
  const answer = (await admin.fs.batchCopy({
    items: [{ sourcePath: '/loc/resetsrc', targetPath: '/s3/resetdst' }],
  })) as { task_id: string };
  // Five bursts, each once the copy has gone on: every connection the processes hold is cut.
  let bursts = 0;
  for (let done = 200; bursts < 5; done += 300) {
    const s = await until(async () => {
      const st = await taskState(answer.task_id);
      const ended = !['pending', 'running'].includes(st.status);
      return ended || (st.status === 'running' && Number(st.recorded) >= done) ? st : null;
    }, `the copy past ${done} items`);
    if (s.status !== 'running') break;
    const cut = await sql<{ n: string }>(
      `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    assert.ok(Number(cut[0].n) > 0, 'connections were cut');
    bursts++;
  }
  assert.ok(bursts >= 3, `only ${bursts} bursts landed before the copy ended`);
  const final = await until(
    async () => {
      const s = await taskState(answer.task_id);
      return s.status !== 'running' && s.status !== 'pending' ? s : null;
    },
    'the copy to finish',
    240_000,
  );
  assertCountedOnce(final);
  // Files only: the copy also makes its folders' marker objects (`resetdst/d0/`).
  const keys = [...created.keys()].filter((k) => k.startsWith('resetdst/') && !k.endsWith('/'));
  assert.equal(keys.map((k) => k.slice('resetdst/'.length)).sort(), names, 'every object there once');
});

test.run();
