// @clip-databases sqlite postgres
// The SDK's fs.uploadBatch against a live server (ADR 0093): a tree of relative names in one request,
// progress up to the files' bytes, `failed` for what could not be written, a key's scope, the SDK's own
// refusal of an empty or oversized batch, and a cancel.
import { type ClipClient, FS_BATCH_MAX_FILES } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { localMount } from '../../testing/mounts.ts';
import { rejects } from '../../testing/rejects.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';

let server: TestServer;
let admin: ClipClient;

test.before(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
  await localMount(server, { path: '/disk', name: 'disk', root: 'disk' });
  await admin.fs.mkdir('/disk/in');
  await admin.fs.mkdir('/disk/scope');
});
test.after(async () => server?.close());

const names = async (path: string) =>
  (await admin.fs.listAll(path, { refresh: true })).items.map((i) => i.name).sort();

test('a tree of files lands in one request, with progress up to their bytes', async () => {
  const files = [
    { name: 'a.txt', body: new Blob(['alpha']) },
    { name: 'sub/b.txt', body: new Blob(['beta!']) },
    { name: 'sub/deeper/c.json', body: new Blob(['{"c":1}'], { type: 'application/json' }) },
  ];
  const seen: { loaded: number; total: number }[] = [];
  const result = await admin.fs.uploadBatch('/disk/in', files, { onProgress: (p) => seen.push(p) });
  assert.equal(
    result.items.map((i) => [i.path, i.size]),
    [
      ['/disk/in/a.txt', 5],
      ['/disk/in/sub/b.txt', 5],
      ['/disk/in/sub/deeper/c.json', 7],
    ],
  );
  assert.equal(result.failed, []);
  assert.equal(seen.at(-1), { loaded: 17, total: 17 });
  assert.equal(await names('/disk/in/sub'), ['b.txt', 'deeper']);
  const back = await admin.fs.openDownload('/disk/in/sub/deeper/c.json');
  assert.is(await back.text(), '{"c":1}');
});

test('a file that cannot be written is in failed; the rest land; create_parents makes the folder', async () => {
  const result = await admin.fs.uploadBatch(
    '/disk/new/place',
    [
      { name: 'ok.txt', body: new Blob(['ok']) },
      { name: '../up.txt', body: new Blob(['no']) },
    ],
    { createParents: true },
  );
  assert.equal(
    result.items.map((i) => i.path),
    ['/disk/new/place/ok.txt'],
  );
  assert.equal(
    result.failed.map((f) => [f.name, f.status]),
    [['../up.txt', 400]],
  );
  assert.equal(await names('/disk/new'), ['place']);
  // Without create_parents a missing folder is the whole request's 409.
  const missing = await rejects(
    admin.fs.uploadBatch('/disk/absent', [{ name: 'x.txt', body: new Blob(['x']) }]),
  );
  assert.is(missing.status, 409);
});

test("a key's batch stays inside its scope", async () => {
  const { client: key } = await server.keyClient({ mount: true, basic_path: '/disk/scope' });
  const inside = await key.fs.uploadBatch('/disk/scope', [{ name: 'k/mine.txt', body: new Blob(['mine']) }]);
  assert.equal(
    inside.items.map((i) => i.path),
    ['/disk/scope/k/mine.txt'],
  );
  const outside = await rejects(
    key.fs.uploadBatch('/disk/in', [{ name: 'theirs.txt', body: new Blob(['x']) }]),
  );
  assert.is(outside.status, 403);
  assert.ok(!(await names('/disk/in')).includes('theirs.txt'));
});

test('the SDK refuses an empty or oversized batch before sending; a cancel is a cancel', async () => {
  assert.is((await rejects(admin.fs.uploadBatch('/disk/in', []))).status, 400);
  const many = Array.from({ length: FS_BATCH_MAX_FILES + 1 }, (_, i) => ({
    name: `m${i}.txt`,
    body: new Blob(['m']),
  }));
  const tooMany = await rejects(admin.fs.uploadBatch('/disk/in', many));
  assert.match(tooMany.message, /1 to 100 files/);
  const controller = new AbortController();
  controller.abort();
  const cancelled = await rejects(
    admin.fs.uploadBatch('/disk/in', [{ name: 'c.txt', body: new Blob(['c']) }], {
      signal: controller.signal,
    }),
  );
  assert.is(cancelled.code, 'CANCELLED');
  assert.ok(!(await names('/disk/in')).some((n) => n.startsWith('m') || n === 'c.txt'));
});

test.run();
