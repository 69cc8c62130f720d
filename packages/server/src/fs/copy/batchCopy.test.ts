// @clip-databases sqlite postgres
import { existsSync } from 'node:fs';
import { mkdir, writeFile as writeFileOnDisk } from 'node:fs/promises';
import { join } from 'node:path';
import type { Task } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rejects } from '../../testing/rejects.ts';
import { startTestServer } from '../../testing/testServer.ts';
import { type FsKit, startFsKit } from '../testing/fsTestKit.ts';
import type { FsService } from '../types.ts';
import { ADMIN, readText, sha256Of, tree, writeBigFile, writeFile } from './testing/copyTestKit.ts';

let kit: FsKit;
let fs: FsService;
test.before(async () => {
  kit = await startFsKit(startTestServer());
  fs = kit.server.app.services.fs;
  await kit.mountLocAndS3();
});
test.after(async () => kit?.close());

test('same-mount folder copy in the request, skipExisting true then false', async () => {
  await writeFile(fs, '/loc/src/a.txt', 'one');
  await writeFile(fs, '/loc/src/b.txt', 'two');
  await writeFile(fs, '/loc/src/sub/c.txt', 'three');
  const admin = await kit.server.adminClient();
  const first = await admin.fs.batchCopy({ items: [{ sourcePath: '/loc/src', targetPath: '/loc/dst' }] });
  assert.equal(first, { copied: 3, skipped: 0, failed: [] });
  assert.equal([...(await tree(fs, '/loc/dst')).keys()].sort(), ['/a.txt', '/b.txt', '/sub/c.txt']);

  await writeFile(fs, '/loc/src/a.txt', 'one, changed');
  await writeFile(fs, '/loc/src/new.txt', 'new');
  const skipping = await admin.fs.batchCopy({ items: [{ sourcePath: '/loc/src', targetPath: '/loc/dst' }] });
  assert.equal(skipping, { copied: 1, skipped: 3, failed: [] }, 'skipExisting defaults to true, per file');
  assert.is(await readText(fs, '/loc/dst/a.txt'), 'one');
  assert.is(await readText(fs, '/loc/dst/new.txt'), 'new');

  const replacing = await admin.fs.batchCopy({
    items: [{ sourcePath: '/loc/src', targetPath: '/loc/dst' }],
    skipExisting: false,
  });
  assert.equal(replacing, { copied: 4, skipped: 0, failed: [] });
  assert.is(await readText(fs, '/loc/dst/a.txt'), 'one, changed');
});

test('a folder into itself or below itself is 400; missing sources 404; scope 403', async () => {
  const admin = await kit.server.adminClient();
  for (const targetPath of ['/loc/src/inner', '/loc/src/sub/deeper']) {
    const err = await rejects(admin.fs.batchCopy({ items: [{ sourcePath: '/loc/src', targetPath }] }));
    assert.is(err.status, 400);
    assert.match(err.message, /into itself/);
  }
  const missing = await rejects(
    admin.fs.batchCopy({ items: [{ sourcePath: '/loc/nope', targetPath: '/loc/x' }] }),
  );
  assert.is(missing.status, 404);
  const noParent = await rejects(
    admin.fs.batchCopy({ items: [{ sourcePath: '/loc/src/a.txt', targetPath: '/loc/absent/a.txt' }] }),
  );
  assert.is(noParent.status, 409);
  const traversal = await rejects(
    admin.fs.batchCopy({ items: [{ sourcePath: '/loc/src/../src', targetPath: '/loc/y' }] }),
  );
  assert.is(traversal.status, 400);

  // A key reads and writes only below its basic path: both sides are checked.
  const key = await kit.server.keyClient({ mount: true, basic_path: '/loc/src' });
  const out = await rejects(
    key.client.fs.batchCopy({ items: [{ sourcePath: '/loc/src/a.txt', targetPath: '/loc/a.txt' }] }),
  );
  assert.is(out.status, 403);
  const readOutside = await rejects(
    key.client.fs.batchCopy({ items: [{ sourcePath: '/loc/dst/a.txt', targetPath: '/loc/src/stolen.txt' }] }),
  );
  assert.is(readOutside.status, 403);
  const inside = await key.client.fs.batchCopy({
    items: [{ sourcePath: '/loc/src/a.txt', targetPath: '/loc/src/sub/a-copy.txt' }],
  });
  assert.equal(inside, { copied: 1, skipped: 0, failed: [] });
  assert.not.ok((await fs.stat(ADMIN, '/loc/stolen.txt')) ?? null);
});

test('cross-storage copy of 200 files local -> s3rver runs as a task, byte-identical', async () => {
  const expected = new Map<string, string>();
  for (let i = 0; i < 200; i++) {
    const content = `file ${i} `.repeat(1 + (i % 37) * 40);
    const path = `/many/d${i % 7}/f${i}.txt`;
    expected.set(path, content);
    await writeFile(fs, `/loc${path}`, content);
  }
  // One object large enough to go as a streamed presigned PUT rather than the driver's buffered parts.
  const bigHash = await writeBigFile(fs, '/loc/many/big.bin', 12 * 1024 * 1024);
  const admin = await kit.server.adminClient();
  const started = await admin.fs.batchCopy({ items: [{ sourcePath: '/loc/many', targetPath: '/s3/many' }] });
  assert.ok('task_id' in started, 'across storage configs it is a task');
  const seen: Task[] = [];
  for await (const t of admin.tasks.watch((started as { task_id: string }).task_id, { intervalMs: 100 }))
    seen.push(t);
  const final = seen.at(-1)!;
  assert.is(final.status, 'completed');
  assert.is(final.type, 'copy');
  assert.is(final.success + final.skipped, final.total);
  const copied = await tree(fs, '/s3/many');
  assert.is(copied.size, 201);
  assert.is(await sha256Of(fs, '/s3/many/big.bin'), bigHash);
  for (const [path, content] of expected) {
    assert.is(copied.get(path.slice('/many'.length)), Buffer.byteLength(content));
  }
  for (const path of ['/many/d0/f0.txt', '/many/d3/f199.txt', '/many/d6/f97.txt'])
    assert.is(await readText(fs, `/s3${path}`), expected.get(path));
  assert.is(await sha256Of(fs, '/s3/many/d2/f100.txt'), await sha256Of(fs, '/loc/many/d2/f100.txt'));
  // The listing cache of the target was refreshed when the task ended.
  const listing = await fs.list(ADMIN, '/s3/many');
  assert.is(listing.items.length, 8);
});

test('cancel mid-task: status cancelled, no further writes', async () => {
  for (let i = 0; i < 300; i++) await writeFile(fs, `/loc/cancel/f${i}.txt`, `c${i}`.repeat(200));
  const admin = await kit.server.adminClient();
  const started = (await admin.fs.batchCopy({
    items: [{ sourcePath: '/loc/cancel', targetPath: '/s3/cancel' }],
  })) as { task_id: string };
  let cancelled = false;
  let final: Task | null = null;
  for await (const t of admin.tasks.watch(started.task_id, { intervalMs: 20 })) {
    if (!cancelled && t.success >= 1) {
      await admin.tasks.cancel(started.task_id);
      cancelled = true;
    }
    final = t;
  }
  assert.ok(cancelled, 'the task was still running when cancelled');
  assert.is(final!.status, 'cancelled');
  assert.ok(final!.success < final!.total, 'it stopped before the end');
  const written = (await tree(fs, '/s3/cancel')).size;
  const detail = await admin.tasks.get(started.task_id);
  const filesDone = detail.results!.filter((r) => r.status === 'success' && r.path !== '/s3/cancel').length;
  assert.is(written, filesDone, 'every file written is counted as done, and nothing else was written');
  const again = await admin.tasks.get(started.task_id);
  assert.is(again.success, final!.success);
  assert.is((await tree(fs, '/s3/cancel')).size, written, 'nothing written after the task ended');
});

test('a batch delete with a folder of more than 1,000 objects becomes a delete task', async () => {
  await writeFile(fs, '/loc/small/one.txt', '1');
  const admin = await kit.server.adminClient();
  // 1,001 files straight into the local storage's directory (the mount shows its root): fast to set up.
  const root = (
    (await admin.storageConfigs.list()).items.find((c) => c.provider_type === 'local') as {
      root_path: string;
    }
  ).root_path;
  assert.ok(existsSync(join(root, 'small', 'one.txt')), 'the /loc mount shows the local root');
  for (let d = 0; d < 10; d++) await mkdir(join(root, 'huge', `d${d}`), { recursive: true });
  await Promise.all(
    Array.from({ length: 1001 }, (_, i) =>
      writeFileOnDisk(join(root, 'huge', `d${i % 10}`, `f${i}.txt`), 'x'),
    ),
  );
  const small = await admin.fs.batchRemove(['/loc/small']);
  assert.equal(small, { removed: ['/loc/small'], failed: [] });
  // The server answers { task_id }; the SDK follows the task and reports per path from its results.
  const big = await admin.fs.batchRemove(['/loc/huge', '/loc/dst']);
  assert.equal(big, { removed: ['/loc/huge', '/loc/dst'], failed: [] });
  const [task] = (await admin.tasks.list({ type: 'delete' })).items;
  assert.equal([task.type, task.status, task.success], ['delete', 'completed', 2]);
  assert.is(await fs.stat(ADMIN, '/loc/huge'), null);
  assert.is(await fs.stat(ADMIN, '/loc/dst'), null);
});

test.run();
