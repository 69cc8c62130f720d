// @clip-databases sqlite postgres
/**
 * `POST .../fs/upload-batch` (ADR 0093): many small files in one form, each named by its path relative
 * to the folder. A file that cannot be written is answered in `failed` and leaves nothing; the form's
 * own problems (no path before the files, too many files, no credentials) are a plain 4xx.
 */
import { request } from 'node:http';
import type { FsBatchUploadResult, FsListResult } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type FsKit, startFsKit } from '../../fs/testing/fsTestKit.ts';
import { startTestServer } from '../../testing/testServer.ts';

let kit: FsKit;
let scoped: string;
test.before(async () => {
  kit = await startFsKit(startTestServer());
  await kit.mountLocAndS3();
  for (const path of ['/loc/to', '/loc/allowed', '/loc/other', '/s3/to'])
    assert.is((await kit.call('admin', 'POST', '/admin/fs/mkdir', { path })).status, 201);
  scoped = (await kit.server.keyClient({ mount: true, basic_path: '/loc/allowed' })).key;
});
test.after(async () => kit?.close());

type File = [name: string, body: string | Blob];
function batchForm(folder: string | null, files: File[], options: { pathLast?: boolean } = {}): FormData {
  const form = new FormData();
  if (folder !== null && !options.pathLast) form.append('path', folder);
  for (const [name, body] of files)
    form.append('file', typeof body === 'string' ? new Blob([body]) : body, name);
  if (folder !== null && options.pathLast) form.append('path', folder);
  return form;
}
async function send(auth: string | null, scope: 'admin' | 'user', form: FormData) {
  const res = await kit.raw(auth, 'POST', `/${scope}/fs/upload-batch`, { body: form });
  const body = (await res.json()) as { data: FsBatchUploadResult; message: string };
  return { status: res.status, data: body.data, message: body.message };
}
const names = async (path: string) =>
  (
    await kit.call<FsListResult>('admin', 'GET', `/admin/fs/list?path=${encodeURIComponent(path)}`)
  ).body.data.items
    .map((i) => i.name)
    .sort();
const content = async (path: string) =>
  (await kit.raw('admin', 'GET', `/admin/fs/download?path=${encodeURIComponent(path)}`)).text();

for (const mount of ['/loc', '/s3'])
  test(`a tree of relative names lands whole, sub-folders made as needed (${mount})`, async () => {
    const files: File[] = [
      ['top.txt', 'top'],
      ['tree/a.txt', 'a'],
      ['tree/deep/b.txt', 'b'],
      ['tree/deep/ünï.txt', 'unicode'],
    ];
    const res = await send('admin', 'admin', batchForm(`${mount}/to`, files));
    assert.is(res.status, 201, res.message);
    assert.equal(res.data.failed, []);
    assert.equal(
      res.data.items.map((i) => i.path),
      files.map(([name]) => `${mount}/to/${name}`),
    );
    assert.equal(await names(`${mount}/to`), ['top.txt', 'tree']);
    assert.equal(await names(`${mount}/to/tree/deep`), ['b.txt', 'ünï.txt']);
    assert.is(await content(`${mount}/to/tree/deep/b.txt`), 'b');
    assert.is(await content(`${mount}/to/tree/deep/ünï.txt`), 'unicode');
  });

test('bad relative names are failed one by one with nothing written; the good ones land', async () => {
  await kit.call('admin', 'POST', '/admin/fs/mkdir', { path: '/loc/to/names' });
  await kit.call('admin', 'POST', '/admin/fs/mkdir', { path: '/loc/to/names/sub' });
  const bad = ['../escape.txt', 'a/../../escape2.txt', 'x//y.txt', '/abs.txt', 'dir/', 'sub'];
  const res = await send(
    'admin',
    'admin',
    batchForm('/loc/to/names', [
      ['good.txt', 'good'],
      ...bad.map((n): File => [n, 'bad']),
      ['last.txt', 'last'],
    ]),
  );
  assert.is(res.status, 201, res.message);
  assert.equal(
    res.data.items.map((i) => i.name),
    ['good.txt', 'last.txt'],
  );
  assert.equal(
    res.data.failed.map((f) => [f.name, f.status]),
    [...bad.slice(0, -1).map((n) => [n, 400]), ['sub', 409]],
  );
  for (const f of res.data.failed) assert.ok(f.message.length > 0);
  assert.equal(await names('/loc/to/names'), ['good.txt', 'last.txt', 'sub']);
  assert.equal(await names('/loc/to'), ['names', 'top.txt', 'tree']);
  assert.equal(await names('/loc'), ['allowed', 'other', 'to']);
  assert.equal(await names('/loc/to/names/sub'), []);
});

test('a key scoped to a folder writes inside it and nowhere else', async () => {
  const inside = await send(
    scoped,
    'user',
    batchForm('/loc/allowed', [
      ['mine.txt', 'mine'],
      ['../other/theirs.txt', 'escape'],
      ['deeper/mine2.txt', 'mine2'],
    ]),
  );
  assert.is(inside.status, 201, inside.message);
  assert.equal(
    inside.data.items.map((i) => i.path),
    ['/loc/allowed/mine.txt', '/loc/allowed/deeper/mine2.txt'],
  );
  assert.equal(
    inside.data.failed.map((f) => [f.name, f.status]),
    [['../other/theirs.txt', 400]],
  );
  for (const folder of ['/loc/other', '/loc', '/s3/to', '/loc/allowed/../other']) {
    const outside = await send(scoped, 'user', batchForm(folder, [['theirs.txt', 'x']]));
    const refused = outside.status >= 400 || outside.data.failed.every((f) => f.status === 403);
    assert.ok(refused, `${folder}: ${outside.status} ${outside.message}`);
    assert.equal(outside.status < 400 ? outside.data.items : [], [], folder);
  }
  assert.equal(await names('/loc/other'), []);
  assert.ok(!(await names('/loc')).includes('theirs.txt'));
  // The admin scope is not the key's (as for every admin route).
  assert.is((await send(scoped, 'admin', batchForm('/loc/allowed', [['a.txt', 'a']]))).status, 403);
});

test('a stranger without credentials gets 401 and writes nothing', async () => {
  for (const scope of ['admin', 'user'] as const) {
    const res = await send(null, scope, batchForm('/loc/other', [['s.txt', 's']]));
    assert.is(res.status, 401, scope);
  }
  assert.equal(await names('/loc/other'), []);
});

test('a file part before path is a 400 naming the problem, nothing written', async () => {
  const res = await send('admin', 'admin', batchForm('/loc/other', [['early.txt', 'x']], { pathLast: true }));
  assert.is(res.status, 400);
  assert.match(res.message, /"path".*before the first file/);
  const none = await send('admin', 'admin', batchForm(null, [['early.txt', 'x']]));
  assert.is(none.status, 400);
  const empty = await send('admin', 'admin', batchForm('/loc/other', []));
  assert.is(empty.status, 400);
  assert.match(empty.message, /no "file" part/);
  assert.equal(await names('/loc/other'), []);
});

test('not a form, a cut form, a key without mount permission: a 4xx, nothing written', async () => {
  const json = await kit.call('admin', 'POST', '/admin/fs/upload-batch', { path: '/loc/other' });
  assert.is(json.status, 400);
  assert.match(json.body.message, /multipart\/form-data/);
  // The body ends inside the file part: the file is not left half-written.
  const cut = await kit.raw('admin', 'POST', '/admin/fs/upload-batch', {
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    body:
      '--x\r\nContent-Disposition: form-data; name="path"\r\n\r\n/loc/other\r\n' +
      '--x\r\nContent-Disposition: form-data; name="file"; filename="cut.txt"\r\n\r\nhalf of it',
  });
  assert.is(cut.status, 400, await cut.clone().text());
  assert.match(((await cut.json()) as { message: string }).message, /malformed multipart form/);
  const { key: filesOnly } = await kit.server.keyClient({ file: true, basic_path: '/loc/other' });
  assert.is((await send(filesOnly, 'user', batchForm('/loc/other', [['k.txt', 'k']]))).status, 403);
  assert.equal(await names('/loc/other'), []);
});

test('a missing folder is a 409 unless create_parents; then it is made', async () => {
  const missing = await send(
    'admin',
    'admin',
    batchForm('/loc/made/here', [
      ['a.txt', 'a'],
      ['b/c.txt', 'c'],
    ]),
  );
  assert.is(missing.status, 409, missing.message);
  assert.ok(!(await names('/loc')).includes('made'));
  const ordered = new FormData();
  ordered.append('path', '/loc/made/here');
  ordered.append('create_parents', 'true');
  ordered.append('file', new Blob(['a']), 'a.txt');
  ordered.append('file', new Blob(['c']), 'b/c.txt');
  const made = await send('admin', 'admin', ordered);
  assert.is(made.status, 201, made.message);
  assert.equal(await names('/loc/made/here'), ['a.txt', 'b']);
});

test('more than 100 files is a 413 naming the limit', async () => {
  const files = Array.from({ length: 101 }, (_, i): File => [`n${i}.txt`, `${i}`]);
  await kit.call('admin', 'POST', '/admin/fs/mkdir', { path: '/loc/over' });
  const res = await send('admin', 'admin', batchForm('/loc/over', files));
  assert.is(res.status, 413);
  assert.match(res.message, /at most 100 files/);
  // The parser learns of the 101st only after the first 100 were written: they stay, whole (ADR 0093).
  assert.is((await names('/loc/over')).length, 100);
  assert.is(await content('/loc/over/n99.txt'), '99');
});

test('a declared body beyond 100 files at the limit is refused before it is read', async () => {
  const limitMiB = (await (await kit.server.adminClient()).system.settings()).max_upload_size;
  const url = new URL(`${kit.server.url}/api/admin/fs/upload-batch`);
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${kit.adminToken}`,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(101 * limitMiB * 1024 * 1024),
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    req.flushHeaders();
  });
  assert.is(status, 413);
});

test('a file over max_upload_size is failed with 413 and leaves no object; the rest land', async () => {
  const admin = await kit.server.adminClient();
  const before = (await admin.system.settings()).max_upload_size;
  await admin.system.updateSettings({ max_upload_size: 1 });
  try {
    const big = new Blob([new Uint8Array(1024 * 1024 + 1)]);
    const res = await send(
      'admin',
      'admin',
      batchForm('/loc/other', [
        ['small.txt', 'small'],
        ['big/huge.bin', big],
        ['kept/fine.txt', 'fine'],
        ['kept/huge.bin', big],
        ['after.txt', 'after'],
      ]),
    );
    assert.is(res.status, 201, res.message);
    assert.equal(
      res.data.items.map((i) => i.name),
      ['small.txt', 'fine.txt', 'after.txt'],
    );
    assert.equal(
      res.data.failed.map((f) => [f.name, f.status]),
      [
        ['big/huge.bin', 413],
        ['kept/huge.bin', 413],
      ],
    );
    assert.match(res.data.failed[0].message, /limit/);
    const left = await names('/loc/other');
    assert.ok(left.includes('small.txt') && left.includes('after.txt'), left.join());
    assert.ok(
      !left.includes('big'),
      `no part of the large file is left, not even its folder: ${left.join()}`,
    );
    assert.equal(await names('/loc/other/kept'), ['fine.txt'], 'a folder a landed file needs stays');
  } finally {
    await admin.system.updateSettings({ max_upload_size: before });
  }
});

test.run();
