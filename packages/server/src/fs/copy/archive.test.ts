// @clip-databases sqlite postgres
import { randomBytes } from 'node:crypto';
import type { Task } from '@clip/sdk';
import { unzipSync } from 'fflate';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rejectedStatus } from '../../testing/rejects.ts';
import { startTestServer } from '../../testing/testServer.ts';
import { type FsKit, startFsKit } from '../testing/fsTestKit.ts';
import type { FsService } from '../types.ts';
import { ADMIN, writeFile } from './testing/copyTestKit.ts';

let kit: FsKit;
let fs: FsService;
test.before(async () => {
  kit = await startFsKit(startTestServer());
  fs = kit.server.app.services.fs;
  await kit.mountLocAndS3();
});
test.after(async () => kit?.close());

async function bytesOf(path: string): Promise<Buffer> {
  const read = await fs.read(ADMIN, path);
  const parts: Buffer[] = [];
  for await (const c of read.stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

async function finished(id: string): Promise<Task> {
  const admin = await kit.server.adminClient();
  for await (const _ of admin.tasks.watch(id, { intervalMs: 50 })) {
    // wait for the end
  }
  return admin.tasks.get(id);
}

test('a download task packs folders (empty ones too) and files from two storages into one ZIP', async () => {
  const big = randomBytes(5 * 1024 * 1024 + 3);
  await writeFile(fs, '/loc/pack/a.txt', 'alpha');
  await writeFile(fs, '/loc/pack/sub/b.bin', big);
  await fs.mkdir(ADMIN, '/loc/pack/empty', { createParents: true });
  await writeFile(fs, '/s3/one.txt', 'from s3');
  await fs.mkdir(ADMIN, '/s3/out', { createParents: true });
  const admin = await kit.server.adminClient();
  const { task_id } = await admin.fs.archive({
    paths: ['/loc/pack', '/s3/one.txt'],
    targetPath: '/s3/out/pack.zip',
  });
  const task = await finished(task_id);
  assert.is(task.type, 'download');
  assert.is(task.status, 'completed');
  assert.equal([task.success, task.failed, task.progress], [1, 0, 100]);
  assert.is(task.bytes_done, task.bytes_total);
  assert.is(task.bytes_total, big.length + 'alpha'.length + 'from s3'.length);

  const entries = unzipSync(new Uint8Array(await bytesOf('/s3/out/pack.zip')));
  assert.equal(Object.keys(entries).sort(), [
    'one.txt',
    'pack/',
    'pack/a.txt',
    'pack/empty/',
    'pack/sub/',
    'pack/sub/b.bin',
  ]);
  assert.is(Buffer.from(entries['pack/a.txt']).toString(), 'alpha');
  assert.ok(Buffer.from(entries['pack/sub/b.bin']).equals(big), 'large entry byte-identical');
  assert.is(Buffer.from(entries['one.txt']).toString(), 'from s3');
});

test('archive refuses up front: an existing target, clashing names, paths outside a key scope', async () => {
  await writeFile(fs, '/loc/k/in/x.txt', 'x');
  await writeFile(fs, '/loc/k/x.txt', 'other x');
  const admin = await kit.server.adminClient();
  await writeFile(fs, '/loc/k/taken.zip', 'not a zip');
  assert.is(
    await rejectedStatus(admin.fs.archive({ paths: ['/loc/k/in'], targetPath: '/loc/k/taken.zip' })),
    409,
  );
  assert.is(
    await rejectedStatus(
      admin.fs.archive({ paths: ['/loc/k/in/x.txt', '/loc/k/x.txt'], targetPath: '/loc/k/two.zip' }),
    ),
    400,
  );
  const key = await kit.server.keyClient({ mount: true, basic_path: '/loc/k/in' });
  assert.is(
    await rejectedStatus(
      key.client.fs.archive({ paths: ['/loc/k/x.txt'], targetPath: '/loc/k/in/mine.zip' }),
    ),
    403,
  );
  const mine = await key.client.fs.archive({ paths: ['/loc/k/in/x.txt'], targetPath: '/loc/k/in/mine.zip' });
  assert.is((await finished(mine.task_id)).status, 'completed');
  assert.equal(Object.keys(unzipSync(new Uint8Array(await bytesOf('/loc/k/in/mine.zip')))), ['x.txt']);
});

test.run();
