// @clip-databases sqlite postgres
import type { CopyProgress } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rejects } from '../../testing/rejects.ts';
import { startTestServer } from '../../testing/testServer.ts';
import { type FsKit, startFsKit } from '../testing/fsTestKit.ts';
import type { FsService } from '../types.ts';
import { ADMIN, readText, sha256Of, tree, writeBigFile, writeFile } from './testing/copyTestKit.ts';

const MiB = 1024 * 1024;
let kit: FsKit;
let fs: FsService;
let s3MountId: string;
test.before(async () => {
  kit = await startFsKit(startTestServer());
  fs = kit.server.app.services.fs;
  // Every write is held to max_upload_size (MiB), the 120 MiB fixture file too.
  await (await kit.server.adminClient()).system.updateSettings({ max_upload_size: 200 });
  s3MountId = (await kit.mountLocAndS3()).s3.id;
});
test.after(async () => kit?.close());

test('client-side copy through the SDK: 50 files with one of 120 MiB, byte-identical', async () => {
  const bigHash = await writeBigFile(fs, '/loc/cs/big.bin', 120 * MiB);
  for (let i = 0; i < 49; i++)
    await writeFile(fs, `/loc/cs/small/f${i}.txt`, `small ${i} `.repeat(50 + i * 30));
  const admin = await kit.server.adminClient();
  const events: CopyProgress[] = [];
  const report = await admin.fs.copy([{ sourcePath: '/loc/cs', targetPath: '/s3/cs' }], {
    clientSide: true,
    onProgress: (p) => events.push(p),
  });
  assert.equal(report.failed, []);
  assert.is(report.mode, 'client');
  assert.is(report.copied, 50);
  const copied = await tree(fs, '/s3/cs');
  assert.is(copied.size, 50);
  assert.is(copied.get('/big.bin'), 120 * MiB);
  assert.is(await sha256Of(fs, '/s3/cs/big.bin'), bigHash);
  assert.is(await sha256Of(fs, '/s3/cs/small/f48.txt'), await sha256Of(fs, '/loc/cs/small/f48.txt'));
  const phases = new Set(events.map((e) => e.phase));
  for (const phase of ['starting', 'downloading', 'uploading', 'committing', 'completed'])
    assert.ok(phases.has(phase as CopyProgress['phase']), `phase ${phase} reported`);
  assert.is(events.at(-1)!.done, 50);

  // Run again: every target exists, so the server skips them all (skipExisting defaults to true).
  const again = await admin.fs.copy([{ sourcePath: '/loc/cs', targetPath: '/s3/cs' }], { clientSide: true });
  assert.equal([again.copied, again.skipped, again.failed.length], [0, 50, 0]);
});

test('client-side copy into local storage through signed PUT links, empty folders included', async () => {
  await writeFile(fs, '/s3/tl/a.txt', 'alpha');
  await writeFile(fs, '/s3/tl/deep/b.bin', Buffer.alloc(300_000, 7));
  await fs.mkdir(ADMIN, '/s3/tl/empty', { createParents: true });
  await fs.mkdir(ADMIN, '/s3/tl/deep/empty-too', { createParents: true });
  const admin = await kit.server.adminClient();
  const report = await admin.fs.copy([{ sourcePath: '/s3/tl', targetPath: '/loc/tl' }], { clientSide: true });
  assert.equal(report.failed, []);
  assert.is(report.copied, 2);
  assert.is(await readText(fs, '/loc/tl/a.txt'), 'alpha');
  assert.is(await sha256Of(fs, '/loc/tl/deep/b.bin'), await sha256Of(fs, '/s3/tl/deep/b.bin'));
  for (const folder of ['/loc/tl/empty', '/loc/tl/deep/empty-too'])
    assert.is((await fs.stat(ADMIN, folder))?.type, 'folder', `${folder} recreated`);

  // The same copy from local storage to S3 recreates the empty folders there too.
  const back = await admin.fs.copy([{ sourcePath: '/loc/tl', targetPath: '/s3/tl-back' }], {
    clientSide: true,
  });
  assert.equal([back.copied, back.failed.length], [2, 0]);
  assert.is((await fs.stat(ADMIN, '/s3/tl-back/deep/empty-too'))?.type, 'folder');

  // A signed PUT link takes one body of the size it was signed for, and only for its path.
  const page = await admin.fs.batchCopy({
    items: [{ sourcePath: '/s3/tl/a.txt', targetPath: '/loc/tl/a2.txt' }],
    client_side: true,
  });
  assert.ok('requiresClientSideCopy' in page);
  const link = new URL(page.items[0].uploadUrl!);
  assert.is(link.pathname, '/api/fs/put');
  const put = (url: URL | string, body: string) => fetch(url, { method: 'PUT', body });
  assert.is((await put(link, 'too long!')).status, 400, 'a body of another length is refused');
  const otherSize = new URL(link);
  otherSize.searchParams.set('size', '9');
  assert.is((await put(otherSize, 'too long!')).status, 403, 'the size is part of the signature');
  const otherPath = new URL(link);
  otherPath.searchParams.set('path', '/loc/tl/evil.txt');
  assert.is((await put(otherPath, 'alpha')).status, 403, 'the path is part of the signature');
  assert.is(await fs.stat(ADMIN, '/loc/tl/a2.txt'), null, 'nothing landed from a refused PUT');
  const ok = await put(link, 'alpha');
  assert.is(ok.status, 200);
  const commit = await admin.fs.batchCopyCommit({
    targetMountId: page.items[0].targetMount,
    files: [
      {
        targetPath: '/loc/tl/a2.txt',
        s3Path: page.items[0].targetS3Path,
        fileSize: 5,
        etag: ok.headers.get('etag'),
      },
    ],
  });
  assert.is(commit.committed.length, 1);
});

test('commit verifies: a size that differs fails, a target outside the key scope is refused', async () => {
  await writeFile(fs, '/s3/scoped/in/a.txt', 'abc');
  await writeFile(fs, '/s3/outside.txt', 'xyz');
  const admin = await kit.server.adminClient();
  const wrongSize = await admin.fs.batchCopyCommit({
    targetMountId: s3MountId,
    files: [
      { targetPath: '/s3/scoped/in/a.txt', s3Path: 'scoped/in/a.txt', fileSize: 4 },
      { targetPath: '/s3/outside.txt', s3Path: 'outside.txt', fileSize: 3 },
    ],
  });
  assert.equal(
    wrongSize.committed.map((c) => c.targetPath),
    ['/s3/outside.txt'],
  );
  assert.is(wrongSize.failed.length, 1);
  assert.match(wrongSize.failed[0].error, /3 bytes, expected 4/);

  const missing = await admin.fs.batchCopyCommit({
    targetMountId: s3MountId,
    files: [{ targetPath: '/s3/never.txt', s3Path: 'never.txt', fileSize: 1 }],
  });
  assert.is(missing.failed.length, 1);

  const key = await kit.server.keyClient({ mount: true, basic_path: '/s3/scoped' });
  const refused = await rejects(
    key.client.fs.batchCopyCommit({
      targetMountId: s3MountId,
      files: [
        { targetPath: '/s3/scoped/in/a.txt', s3Path: 'scoped/in/a.txt', fileSize: 3 },
        { targetPath: '/s3/outside.txt', s3Path: 'outside.txt', fileSize: 3 },
      ],
    }),
  );
  assert.is(refused.status, 403);
  const spoofed = await rejects(
    key.client.fs.batchCopyCommit({
      targetMountId: s3MountId,
      files: [{ targetPath: '/s3/scoped/in/a.txt', s3Path: 'outside.txt', fileSize: 3 }],
    }),
  );
  assert.is(spoofed.status, 400, 'the object key must be the one the target path maps to');
  const ok = await key.client.fs.batchCopyCommit({
    targetMountId: s3MountId,
    files: [{ targetPath: '/s3/scoped/in/a.txt', s3Path: 'scoped/in/a.txt', fileSize: 3 }],
  });
  assert.is(ok.committed.length, 1);
});

test('client-side copy: an AbortSignal stops it and failures are reported per item', async () => {
  for (let i = 0; i < 6; i++) await writeFile(fs, `/loc/ab/f${i}.txt`, `abort ${i}`);
  const admin = await kit.server.adminClient();
  const controller = new AbortController();
  controller.abort();
  const cancelled = await rejects(
    admin.fs.copy([{ sourcePath: '/loc/ab', targetPath: '/s3/ab' }], {
      clientSide: true,
      signal: controller.signal,
    }),
  );
  assert.is(cancelled.code, 'CANCELLED');

  // Real refusals from the storage (PUT URLs signed for a key the store does not know): each item fails on its
  // own and is reported, never dropped.
  const tamper = (url: string) => url.replace(/X-Amz-Credential=[^%&]+/, 'X-Amz-Credential=UNKNOWNKEY');
  const report = await admin.fs.copy([{ sourcePath: '/loc/ab', targetPath: '/s3/ab' }], {
    clientSide: true,
    retries: 0,
    fetch: (url, init) => fetch(init.method === 'PUT' ? tamper(url) : url, init),
  });
  assert.is(report.copied, 0);
  assert.is(report.failed.length, 6);
  assert.ok(
    report.failed.every((f) => /HTTP 403/.test(f.error) && f.sourcePath.startsWith('/loc/ab/')),
    report.failed[0]?.error,
  );
  assert.is((await tree(fs, '/loc/ab')).size, 6);
});

test.run();
