// @clip-databases postgres
// Two server processes on one Postgres, writing into one local storage config with a capacity: WebDAV PUTs
// sent to both at once cannot jointly exceed it, because reservations are rows taken under the config's
// row lock, not counters in one process's memory.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClipClient } from '@clip/sdk';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ServerInstance, startServerInstance } from '../../testing/serverInstance.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabase.ts';

const PASSWORD = 'two-process-admin-password';
const DAV_AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;

let database: TestDatabase;
const dirs: string[] = [];
const running: ChildProcess[] = [];

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

async function startProcess(): Promise<ServerInstance> {
  const instance = await startServerInstance({
    CLIP_PORT: '0',
    CLIP_HOST: '127.0.0.1',
    CLIP_DATA_DIR: await tempDir('clip-admission-'),
    DATABASE_URL: database.url ?? '',
    CLIP_SECRET: 'a-two-process-secret-of-enough-length',
    CLIP_ADMIN_PASSWORD: PASSWORD,
    CLIP_LOG_LEVEL: 'warn',
    CLIP_SWEEP_INTERVAL_MS: '0',
  });
  running.push(instance.child);
  return instance;
}

test.before(async () => {
  database = await createTestDatabase();
});

test.after(async () => {
  for (const child of running) child.kill('SIGKILL');
  await database?.release();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

test('PUTs to two processes at once cannot jointly exceed a capacity', async () => {
  const root = await tempDir('clip-admission-storage-');
  const [a, b] = await Promise.all([startProcess(), startProcess()]);
  const { token } = await new ClipClient({ baseUrl: a.url }).auth.login('admin', PASSWORD);
  const admin = new ClipClient({ baseUrl: a.url, auth: { type: 'admin', token } });
  const config = await admin.storageConfigs.create({
    name: 'shared disk',
    provider_type: 'local',
    root_path: root,
    total_storage_bytes: 10_000,
  });
  await admin.mounts.create({
    name: 'shared',
    mount_path: '/shared',
    storage_type: 'local',
    storage_config_id: config.id,
  });

  const put = async (url: string, name: string) => {
    const res = await fetch(`${url}/dav/shared/${name}`, {
      method: 'PUT',
      headers: { authorization: DAV_AUTH },
      body: randomBytes(3000),
    });
    await res.text();
    return res.status;
  };
  const statuses = await Promise.all(
    Array.from({ length: 8 }, (_, i) => put(i % 2 ? b.url : a.url, `race-${i}.bin`)),
  );
  assert.equal(
    [...statuses].sort(),
    [201, 201, 201, 413, 413, 413, 413, 413],
    `answers: ${statuses.join(', ')}`,
  );
  assert.is((await readdir(root)).filter((n) => n.endsWith('.bin')).length, 3);

  const db = new pg.Client({ connectionString: database.url ?? '' });
  await db.connect();
  try {
    const used = await db.query('SELECT mount_bytes FROM storage_configs WHERE id = $1', [config.id]);
    assert.is(Number(used.rows[0].mount_bytes), 9000);
    const held = await db.query('SELECT count(*) AS n FROM write_reservations');
    assert.is(Number(held.rows[0].n), 0, 'no reservation stays');
  } finally {
    await db.end();
  }
});

test.run();
