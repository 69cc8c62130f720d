// Tasks across real server processes on one Postgres: exactly-once with three processes, a kill -9 in
// the middle of a task, and the memory of a 300 MiB copy across storages. Each test runs on a fleet of
// its own (fleet.ts): processes at their own addresses here, a cluster behind HAProxy when
// e2e/cluster/tasks-e2e.cluster.test.ts runs this file.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Task } from '@clip/sdk';
import { startS3rver, type TestS3 } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Fleet, startFleet } from './fleet.ts';
import { sqlOn, until } from './serverProcess.ts';

const MiB = 1024 * 1024;
let s3: TestS3;
const fleets: Fleet[] = [];
const created = new Map<string, number>();

/** A fleet with the suite's two mounts: `/loc` (the default local storage) and `/s3` (s3rver). */
async function fleetWithMounts(size: number, env: Record<string, string> = {}) {
  const fleet = await startFleet({ size, env });
  fleets.push(fleet);
  const admin = await fleet.adminClient();
  const local = (await admin.storageConfigs.list()).items.find((c) => c.provider_type === 'local')!;
  const localRoot = (local as unknown as { root_path: string }).root_path;
  await mkdir(localRoot, { recursive: true });
  const s3Config = await admin.storageConfigs.create({
    name: 's3rver',
    provider_type: 'minio',
    endpoint_url: s3.endpoint,
    bucket_name: s3.bucket,
    access_key_id: s3.accessKeyId,
    secret_access_key: s3.secretAccessKey,
  });
  await admin.mounts.create({
    name: 'local',
    mount_path: '/loc',
    storage_type: 'local',
    storage_config_id: local.id,
  });
  await admin.mounts.create({
    name: 's3',
    mount_path: '/s3',
    storage_type: 's3',
    storage_config_id: s3Config.id,
  });
  const sql = <T>(query: string, values: unknown[] = []) => sqlOn<T>(fleet.databaseUrl, query, values);
  return { fleet, admin, localRoot, sql };
}

/** The fleet's process whose runner holds a lease (runner ids start with the process id). */
function runnerOf(fleet: Fleet, leaseOwner: string | null): number {
  const pid = Number(leaseOwner?.split('-')[0]);
  const i = Array.from({ length: fleet.size }, (_, k) => k).find((k) => fleet.pid(k) === pid);
  assert.ok(i !== undefined, `runner ${leaseOwner} is one of the fleet's processes`);
  return i;
}

/** Stops a fleet the test is done with (the CPU goes to the next test's). */
async function close(fleet: Fleet) {
  fleets.splice(fleets.indexOf(fleet), 1);
  await fleet.close();
}

test.before(async () => {
  s3 = await startS3rver();
  s3.onObjectCreated((key) => created.set(key, (created.get(key) ?? 0) + 1));
});
test.after(async () => {
  for (const fleet of fleets) await fleet.close();
  await s3?.close();
});

test('three processes on one Postgres, 30 copy tasks: every task runs once, every target is written once', async () => {
  const { fleet, localRoot, sql } = await fleetWithMounts(3);
  for (let t = 0; t < 30; t++) {
    await mkdir(join(localRoot, 'once', `t${t}`), { recursive: true });
    for (let f = 0; f < 3; f++)
      await writeFile(join(localRoot, 'once', `t${t}`, `f${f}.txt`), `task ${t} file ${f}`);
  }
  const clients = await Promise.all([0, 1, 2].map((i) => fleet.adminClient(i)));
  const ids: string[] = [];
  for (let t = 0; t < 30; t++) {
    const answer = await clients[t % 3].fs.batchCopy({
      items: [{ sourcePath: `/loc/once/t${t}`, targetPath: `/s3/once-t${t}` }],
    });
    assert.ok('task_id' in answer);
    ids.push((answer as { task_id: string }).task_id);
  }
  await until(async () => {
    const rows = await sql<{ n: string }>(
      `SELECT count(*) AS n FROM tasks WHERE id = ANY($1) AND status = 'completed'`,
      [ids],
    );
    return Number(rows[0].n) === 30;
  }, '30 completed tasks');
  const rows = await sql<{ attempts: number; success_count: number }>(
    'SELECT attempts, success_count FROM tasks WHERE id = ANY($1)',
    [ids],
  );
  assert.ok(
    rows.every((r) => Number(r.attempts) === 1),
    'every task was claimed exactly once',
  );
  const runners = await sql<{ n: string }>(
    'SELECT count(DISTINCT lease_owner) AS n FROM tasks WHERE id = ANY($1)',
    [ids],
  );
  assert.is(Number(runners[0].n), 0, 'leases are released at the end');
  for (let t = 0; t < 30; t++)
    for (let f = 0; f < 3; f++)
      assert.is(created.get(`once-t${t}/f${f}.txt`), 1, `once-t${t}/f${f}.txt written once`);
  await close(fleet);
});

test('kill -9 mid-task, start again: the task completes and skips the items that were done', async () => {
  // A short lease so the dead process's task is taken over quickly (by the restarted process or, in a
  // cluster, another); short enough to lapse under load too, so the restarted process has the default.
  const { fleet, admin, localRoot, sql } = await fleetWithMounts(1, { CLIP_TASK_LEASE_MS: '4000' });
  await mkdir(join(localRoot, 'restart'), { recursive: true });
  // Many small objects: the task runs long enough (in items) to be caught in the middle.
  for (let f = 0; f < 600; f++)
    await writeFile(join(localRoot, 'restart', `f${String(f).padStart(3, '0')}.bin`), randomBytes(16 * 1024));
  const answer = (await admin.fs.batchCopy({
    items: [{ sourcePath: '/loc/restart', targetPath: '/s3/restart' }],
    skipExisting: false,
  })) as { task_id: string };
  const done = await until(
    async () => {
      const [row] = await sql<{ next_item: number; status: string; lease_owner: string | null }>(
        'SELECT next_item, status, lease_owner FROM tasks WHERE id = $1',
        [answer.task_id],
      );
      return row.status === 'running' && Number(row.next_item) >= 8 ? row : null;
    },
    'the task to get going',
    60_000,
  );
  const victim = runnerOf(fleet, done.lease_owner);
  await fleet.kill(victim, 'SIGKILL');
  const [atKill] = await sql<{ next_item: number; payload: string }>(
    'SELECT next_item, payload FROM tasks WHERE id = $1',
    [answer.task_id],
  );
  const watermark = Number(atKill.next_item);
  assert.ok(watermark >= Number(done.next_item));
  const units = JSON.parse(atKill.payload).items as { kind: string; target: string }[];
  const keyOf = (target: string) => target.replace(/^\/s3\//, '');
  const before = new Map(created);

  await fleet.restart(victim, { CLIP_TASK_LEASE_MS: '30000' });
  const again = await fleet.adminClient(victim);
  let final: Task | null = null;
  for await (const t of again.tasks.watch(answer.task_id, { intervalMs: 100 })) final = t;
  assert.is(final!.status, 'completed');
  assert.is(final!.total, 601);
  const [row] = await sql<{ attempts: number }>('SELECT attempts FROM tasks WHERE id = $1', [answer.task_id]);
  assert.is(Number(row.attempts), 2, 'claimed by the first process, then taken over once');
  for (const [i, unit] of units.entries()) {
    if (unit.kind !== 'file') continue;
    const key = keyOf(unit.target);
    const writesAfter = (created.get(key) ?? 0) - (before.get(key) ?? 0);
    if (i < watermark) assert.is(writesAfter, 0, `${key} was done before the kill and not written again`);
    else assert.ok((created.get(key) ?? 0) >= 1, `${key} was written`);
  }
  await close(fleet);
});

test('a 300 MiB copy across storages keeps the server under 250 MiB of RSS, byte-identical', async () => {
  const { fleet, admin, localRoot } = await fleetWithMounts(1);
  const hash = createHash('sha256');
  const file = await open(join(localRoot, 'huge.bin'), 'w');
  const block = randomBytes(MiB);
  for (let i = 0; i < 300; i++) {
    block.writeUInt32BE(i, 0);
    hash.update(block);
    await file.write(block);
  }
  await file.close();
  // A copy is held to max_upload_size (MiB) like any write.
  await admin.system.updateSettings({ max_upload_size: 400 });
  const answer = (await admin.fs.batchCopy({
    items: [{ sourcePath: '/loc/huge.bin', targetPath: '/s3/huge.bin' }],
  })) as {
    task_id: string;
  };
  let final: Task | null = null;
  for await (const t of admin.tasks.watch(answer.task_id, { intervalMs: 200 })) final = t;
  assert.is(final!.status, 'completed');
  assert.is(final!.bytes_done, 300 * MiB);
  // Whichever process ran the copy: none went over.
  for (let i = 0; i < fleet.size; i++) {
    const peak = await fleet.peakRss(i);
    assert.ok(peak < 250 * MiB, `server ${i} peak RSS ${Math.round(peak / MiB)} MiB`);
  }
  const res = await fetch(`${admin.transport.baseUrl}/api/admin/fs/download?path=/s3/huge.bin`, {
    headers: {
      authorization: `Bearer ${admin.transport.auth.type === 'admin' ? admin.transport.auth.token : ''}`,
    },
  });
  assert.is(res.status, 200);
  const copy = createHash('sha256');
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) copy.update(chunk);
  assert.is(copy.digest('hex'), hash.digest('hex'));
  await close(fleet);
});

test.run();
