// @clip-databases sqlite postgres
// A resumable upload survives the server: kill -9 of a spawned server after 2 of 4 parts, a restart on
// the same data dir and database, and fs.upload resumes from status, sending only parts 3 and 4; the
// result is byte-identical. Local and s3rver mounts; SQLite and Postgres (CLIP_TEST_DB).
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blobDownloadSink, ClipClient, ClipError } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { s3ConfigBody } from '../../testing/mounts.ts';
import { startS3rver, type TestS3 } from '../../testing/s3rver.ts';
import { type ServerInstance, startServerInstance } from '../../testing/serverInstance.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabase.ts';
import { MIB, randomBuffer, sha256 } from './testing/multipartKit.ts';

const PASSWORD = 'restart-admin-password';

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function adminClient(url: string): Promise<ClipClient> {
  const anon = new ClipClient({ baseUrl: url });
  const { token } = await anon.auth.login('admin', PASSWORD);
  return new ClipClient({ baseUrl: url, auth: { type: 'admin', token } });
}

let database: TestDatabase;
let dataDir: string;
let s3: TestS3;
let running: ServerInstance | null = null;

const env = (): NodeJS.ProcessEnv => ({
  CLIP_PORT: '0',
  CLIP_HOST: '127.0.0.1',
  CLIP_DATA_DIR: dataDir,
  DATABASE_URL: database.url ?? '',
  CLIP_SECRET: 'a-restart-secret-of-enough-length',
  CLIP_ADMIN_PASSWORD: PASSWORD,
  CLIP_LOG_LEVEL: 'warn',
  CLIP_SWEEP_INTERVAL_MS: '0',
});

test.before(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'clip-restart-'));
  s3 = await startS3rver();
  running = await startServerInstance(env());
  const admin = await adminClient(running.url);
  const local = await admin.storageConfigs.create({
    name: 'local',
    provider_type: 'local',
    root_path: 'mnt',
  });
  await admin.mounts.create({
    name: 'local',
    mount_path: '/loc',
    storage_type: 'local',
    storage_config_id: local.id,
  });
  const remote = await admin.storageConfigs.create({ ...s3ConfigBody(s3, 's3rver'), is_public: false });
  await admin.mounts.create({
    name: 's3',
    mount_path: '/s3',
    storage_type: 's3',
    storage_config_id: remote.id,
  });
});

test.after(async () => {
  if (running) await killHard(running.child);
  await s3?.close();
  await database?.release();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

for (const mount of ['/loc', '/s3']) {
  test(`${mount}: kill -9 after 2 of 4 parts, restart, resume from status, byte-identical`, async () => {
    const bytes = randomBuffer(15 * MIB + 777);
    const file = new Blob([bytes]);
    let admin = await adminClient(running!.url);
    let okParts = 0;
    const first = admin.fs.upload(mount, file, {
      filename: 'big.bin',
      mode: 'multipart',
      concurrency: 1,
      retries: 0,
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        if (String(input).includes('/multipart/part') && res.ok && ++okParts === 2)
          await killHard(running!.child);
        return res;
      },
    });
    const err = await first.then(
      () => null,
      (e: unknown) => e,
    );
    assert.instance(err, ClipError, 'the upload failed with the server gone');
    assert.is(okParts, 2);

    running = await startServerInstance(env());
    admin = await adminClient(running.url);
    const partsSent: number[] = [];
    const done = await admin.fs.upload(mount, file, {
      filename: 'big.bin',
      mode: 'multipart',
      fetch: async (input, init) => {
        const m = /[?&]partNumber=(\d+)/.exec(String(input));
        if (m) partsSent.push(Number(m[1]));
        return fetch(input, init);
      },
    });
    assert.equal(
      partsSent.sort((a, b) => a - b),
      [3, 4],
      'only the parts the dead server had not stored went out',
    );
    const status = await admin.fs.multipartStatus(done.uploadId);
    assert.equal(
      status.parts.map((p) => p.partNumber),
      [1, 2, 3, 4],
    );
    assert.is(status.status, 'completed');
    assert.is(done.item.size, bytes.length);
    const blob = await admin.fs.download(`${mount}/big.bin`, blobDownloadSink());
    assert.is(sha256(new Uint8Array(await blob.arrayBuffer())), sha256(bytes));
  });
}

test.run();
