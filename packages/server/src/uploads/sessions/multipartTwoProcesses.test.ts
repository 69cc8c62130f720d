// @clip-databases postgres
// Two server processes on one Postgres, each with its own data dir, over one local storage config whose
// root lies outside both: parts sent to one process complete on the other, byte-identical. The parts
// live in the storage (`.clip/uploads/<session>/`), not in the data dir of the process that received them.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ServerProcesses, startServerProcesses } from '../../testing/serverProcesses.ts';
import { MIB, randomBuffer, sha256 } from './testing/multipartKit.ts';

const PASSWORD = 'two-process-admin-password';

let processes: ServerProcesses;

async function postPart(url: string, token: string, query: Record<string, string | number>, body: Buffer) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await fetch(`${url}/api/admin/fs/multipart/part?${qs}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body,
  });
  assert.is(res.status, 200, await res.clone().text());
}

test.before(async () => {
  processes = await startServerProcesses(PASSWORD);
});
test.after(() => processes?.close());

test('parts sent to one process complete on another with its own data dir, byte-identical', async () => {
  const [dataA, dataB] = await Promise.all([
    processes.tempDir('clip-two-a-'),
    processes.tempDir('clip-two-b-'),
  ]);
  const a = await processes.start({ CLIP_DATA_DIR: dataA });
  const { client: adminA, token: tokenA } = await processes.admin(a.url);
  const { root } = await processes.mountSharedDisk(adminA);
  const b = await processes.start({ CLIP_DATA_DIR: dataB });
  const { client: adminB, token: tokenB } = await processes.admin(b.url);

  const bytes = randomBuffer(12 * MIB);
  const init = await adminA.fs.multipartInit({
    path: '/shared',
    filename: 'two.bin',
    fileSize: bytes.length,
  });
  assert.is(init.partCount, 3);
  const slice = (n: number) => bytes.subarray((n - 1) * init.partSize, n * init.partSize);
  const partQuery = (n: number) => ({ uploadId: init.uploadId, partNumber: n, key: init.key });
  await postPart(a.url, tokenA, partQuery(1), slice(1));
  await postPart(a.url, tokenA, partQuery(2), slice(2));
  await postPart(b.url, tokenB, partQuery(3), slice(3));
  // One file, each part written at its offset by whichever process received it (ADR 0027).
  assert.equal(await readdir(join(root, '.clip', 'uploads', init.uploadId)), ['data']);

  const done = await adminB.fs.multipartComplete({ uploadId: init.uploadId, key: init.key });
  assert.is(done.item.size, bytes.length);
  assert.is(sha256(await readFile(join(root, 'two.bin'))), sha256(bytes));
  assert.equal(await readdir(join(root, '.clip', 'uploads')), [], 'the parts went with the complete');
  // Neither process kept parts of its own.
  for (const data of [dataA, dataB]) assert.not.ok((await readdir(data)).includes('uploads'));
});

test.run();
