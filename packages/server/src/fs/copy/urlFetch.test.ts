// @clip-databases sqlite postgres
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Task } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rejectedStatus } from '../../testing/rejects.ts';
import { startTestServer } from '../../testing/testServer.ts';
import { type FsKit, startFsKit } from '../testing/fsTestKit.ts';
import type { FsService } from '../types.ts';
import { ADMIN, readText, sha256Of, writeFile } from './testing/copyTestKit.ts';

// A remote origin on loopback (the test server allows private addresses, as CLIP_ALLOW_PRIVATE_URLS=1 does).
const big = randomBytes(3 * 1024 * 1024 + 17);
const hits = new Map<string, number>();
let remote: Server;
let origin: string;
let kit: FsKit;
let fs: FsService;

test.before(async () => {
  remote = createServer((req, res) => {
    const path = req.url ?? '/';
    const n = (hits.get(path) ?? 0) + 1;
    hits.set(path, n);
    if (path === '/big.bin') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': big.length });
      res.end(big);
    } else if (path === '/chunked.txt') {
      // No Content-Length: the body is written in streamed parts.
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('chunked ');
      res.end('body');
    } else if (path === '/flaky.txt') {
      if (n === 1) res.writeHead(503).end('busy');
      else res.writeHead(200, { 'content-length': 6 }).end('steady');
    } else res.writeHead(404).end('no');
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  kit = await startFsKit(startTestServer({ allowPrivateUrls: true }));
  fs = kit.server.app.services.fs;
  await kit.mountLocAndS3();
  await fs.mkdir(ADMIN, '/loc/in', { createParents: true });
  await fs.mkdir(ADMIN, '/s3/in', { createParents: true });
});
test.after(async () => {
  await kit?.close();
  remote?.close();
});

async function finished(id: string): Promise<Task> {
  const admin = await kit.server.adminClient();
  for await (const _ of admin.tasks.watch(id, { intervalMs: 50 })) {
    // wait for the end
  }
  return admin.tasks.get(id);
}

test('an upload task fetches URLs into local and S3 mounts, retrying 5xx, not 4xx', async () => {
  await writeFile(fs, '/loc/in/kept.txt', 'already here');
  const admin = await kit.server.adminClient();
  const { task_id } = await admin.fs.fetchUrls({
    items: [
      { url: `${origin}/big.bin`, targetPath: '/s3/in/big.bin' },
      { url: `${origin}/big.bin`, targetPath: '/loc/in/big.bin' },
      { url: `${origin}/chunked.txt`, targetPath: '/s3/in/chunked.txt' },
      { url: `${origin}/flaky.txt`, targetPath: '/loc/in/flaky.txt' },
      { url: `${origin}/missing`, targetPath: '/loc/in/missing.txt' },
      { url: `${origin}/chunked.txt`, targetPath: '/loc/in/kept.txt' },
    ],
  });
  const task = await finished(task_id);
  assert.is(task.type, 'upload');
  assert.is(task.status, 'partial');
  assert.equal([task.success, task.skipped, task.failed], [4, 1, 1]);
  const sha = createHash('sha256').update(big).digest('hex');
  assert.is(await sha256Of(fs, '/s3/in/big.bin'), sha);
  assert.is(await sha256Of(fs, '/loc/in/big.bin'), sha);
  assert.is(await readText(fs, '/s3/in/chunked.txt'), 'chunked body');
  assert.is(await readText(fs, '/loc/in/flaky.txt'), 'steady');
  assert.is(await readText(fs, '/loc/in/kept.txt'), 'already here', 'skipExisting leaves it alone');
  assert.is(hits.get('/flaky.txt'), 2, 'a 503 is retried');
  assert.is(hits.get('/missing'), 1, 'a 404 is not');
  const failed = task.results?.find((r) => r.status === 'failed');
  assert.is(failed?.path, '/loc/in/missing.txt');
  assert.match(failed?.error ?? '', /HTTP 404/);
  assert.is(await fs.stat(ADMIN, '/loc/in/missing.txt'), null);
  assert.is(task.bytes_done, 2 * big.length + 'chunked body'.length + 'steady'.length);
});

test('fetch-url refuses bad URLs, missing folders and paths outside a key scope up front', async () => {
  const admin = await kit.server.adminClient();
  assert.is(
    await rejectedStatus(admin.fs.fetchUrls({ items: [{ url: 'ftp://x/y', targetPath: '/loc/in/y' }] })),
    400,
  );
  assert.is(
    await rejectedStatus(
      admin.fs.fetchUrls({ items: [{ url: `${origin}/big.bin`, targetPath: '/loc/nope/y' }] }),
    ),
    409,
  );
  const key = await kit.server.keyClient({ mount: true, basic_path: '/loc/in' });
  assert.is(
    await rejectedStatus(
      key.client.fs.fetchUrls({ items: [{ url: `${origin}/big.bin`, targetPath: '/s3/in/y' }] }),
    ),
    403,
  );
  const mine = await key.client.fs.fetchUrls({
    items: [{ url: `${origin}/chunked.txt`, targetPath: '/loc/in/by-key.txt' }],
  });
  const task = await finished(mine.task_id);
  assert.is(task.status, 'completed');
  assert.is(await readText(fs, '/loc/in/by-key.txt'), 'chunked body');
});

test.run();
