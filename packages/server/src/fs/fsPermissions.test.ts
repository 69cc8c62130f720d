// @clip-databases sqlite postgres
/** The permission table of permissionTable.ts through HTTP: /api/user/fs as a key scoped to /m1/sub. */
import type { FsListResult } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer } from '../testing/testServer.ts';
import { type FsKit, startFsKit } from './testing/fsTestKit.ts';
import { type Expected, SCOPED_KEY_TABLE } from './testing/permissionTable.ts';

let kit: FsKit;
let scoped: string;
let noMount: string;
test.before(async () => {
  kit = await startFsKit(startTestServer());
  await kit.mount({ mount_path: '/m1', cache_ttl: 0, root_prefix: 'perm-m1' });
  await kit.mount({ mount_path: '/m2', cache_ttl: 0, root_prefix: 'perm-m2' });
  for (const path of ['/m1/sub', '/m1/subx', '/m1/other'])
    assert.is((await kit.call('admin', 'POST', '/admin/fs/mkdir', { path })).status, 201);
  for (const path of ['/m1/sub/a.txt', '/m1/subx/secret.txt', '/m1/other/secret.txt', '/m2/secret.txt'])
    await kit.call('admin', 'POST', '/admin/fs/update', { path, content: path });
  scoped = (await kit.server.keyClient({ mount: true, basic_path: '/m1/sub' })).key;
  noMount = (await kit.server.keyClient({ file: true, basic_path: '/m1/sub' })).key;
});
test.after(async () => kit?.close());

const listStatus: Record<Expected, number[]> = {
  invalid: [400],
  none: [403],
  navigate: [200],
  full: [200, 404],
};
const readStatus: Record<Expected, number[]> = {
  invalid: [400],
  none: [403],
  navigate: [403],
  full: [400, 404],
};
const writeStatus: Record<Expected, number[]> = {
  invalid: [400],
  none: [403],
  navigate: [403],
  full: [201, 409],
};

test('the table through /user/fs/list, /download and /mkdir', async () => {
  let n = 0;
  for (const [encoded, expected] of SCOPED_KEY_TABLE) {
    const list = await kit.call(scoped, 'GET', `/user/fs/list?path=${encoded}`);
    assert.ok(
      listStatus[expected].includes(list.status),
      `list ${encoded}: ${list.status} ${list.body.message}`,
    );
    assert.is(list.body.success, list.status === 200);
    const read = await kit.call(scoped, 'GET', `/user/fs/download?path=${encoded}`);
    assert.ok(
      readStatus[expected].includes(read.status),
      `download ${encoded}: ${read.status} ${read.body.message}`,
    );
    let decoded: string;
    try {
      decoded = decodeURIComponent(encoded);
    } catch {
      continue;
    }
    const target = `${decoded.replace(/\/$/, '')}/made-${n++}`;
    const write = await kit.call(scoped, 'POST', '/user/fs/mkdir', { path: target });
    assert.ok(
      writeStatus[expected].includes(write.status),
      `mkdir ${target}: ${write.status} ${write.body.message}`,
    );
    const noPerm = await kit.call(noMount, 'GET', `/user/fs/list?path=${encoded}`);
    // A NUL is refused by the input guard before any permission is looked at (400 for everyone).
    const expectedNoPerm = decoded.includes('\0') ? 400 : 403;
    assert.is(noPerm.status, expectedNoPerm, `no mount permission ${encoded}`);
  }
});

test('navigation shows only the branch that leads to the scope', async () => {
  const root = await kit.call<FsListResult>(scoped, 'GET', '/user/fs/list?path=/');
  assert.equal(
    root.body.data.items.map((i) => i.name),
    ['m1'],
  );
  assert.is(root.body.data.is_virtual, true);
  const m1 = await kit.call<FsListResult>(scoped, 'GET', '/user/fs/list?path=/m1');
  assert.equal(
    m1.body.data.items.map((i) => i.name),
    ['sub'],
  );
  const sub = await kit.call<FsListResult>(scoped, 'GET', '/user/fs/list?path=/m1/sub');
  assert.ok(sub.body.data.items.some((i) => i.name === 'a.txt'));
  const adminRoot = await kit.call<FsListResult>('admin', 'GET', '/admin/fs/list?path=/');
  assert.ok(['m1', 'm2'].every((n) => adminRoot.body.data.items.some((i) => i.name === n)));
});

test('reads and writes outside the scope are refused and change nothing', async () => {
  for (const path of ['/m1/subx/secret.txt', '/m1/other/secret.txt', '/m2/secret.txt']) {
    assert.is((await kit.call(scoped, 'GET', `/user/fs/get?path=${encodeURIComponent(path)}`)).status, 403);
    assert.is(
      (await kit.call(scoped, 'DELETE', `/user/fs/remove?path=${encodeURIComponent(path)}`)).status,
      403,
    );
    assert.is((await kit.call(scoped, 'POST', '/user/fs/update', { path, content: 'x' })).status, 403);
    assert.is(
      (await kit.call(scoped, 'GET', `/user/fs/file-link?path=${encodeURIComponent(path)}`)).status,
      403,
    );
  }
  const outside = await kit.call(scoped, 'POST', '/user/fs/rename', {
    oldPath: '/m1/sub/a.txt',
    newPath: '/m1/subx/a.txt',
  });
  assert.is(outside.status, 403);
  const escapeDots = await kit.call(scoped, 'POST', '/user/fs/rename', {
    oldPath: '/m1/sub/a.txt',
    newPath: '/m1/sub/../subx/a.txt',
  });
  assert.is(escapeDots.status, 400);
  const batch = await kit.call<{ removed: string[]; failed: { path: string }[] }>(
    scoped,
    'POST',
    '/user/fs/batch-remove',
    {
      paths: ['/m2/secret.txt'],
    },
  );
  assert.equal(batch.body.data.removed, []);
  const still = await kit.raw('admin', 'GET', '/admin/fs/download?path=/m2/secret.txt');
  assert.is(await still.text(), '/m2/secret.txt');
  assert.is((await kit.call(scoped, 'GET', '/admin/fs/list?path=/m1/sub')).status, 403);
  assert.is((await kit.call(null, 'GET', '/user/fs/list?path=/')).status, 401);
});

test('uploads as the scoped key: inside the scope in both field orders, 403 outside', async () => {
  const send = async (folder: string, order: 'path-first' | 'file-first') => {
    const form = new FormData();
    if (order === 'path-first') form.append('path', folder);
    form.append('file', new Blob(['key upload']), 'up.txt');
    if (order === 'file-first') form.append('path', folder);
    const res = await kit.raw(scoped, 'POST', '/user/fs/upload', { body: form });
    await res.arrayBuffer();
    return res.status;
  };
  for (const order of ['path-first', 'file-first'] as const) {
    assert.is(await send('/m1/sub', order), 201);
    assert.is(await send('/m1/subx', order), 403);
    assert.is(await send('/m1', order), 403);
    assert.is(await send('/m1/sub/../subx', order), 400);
  }
  const subx = await kit.call<FsListResult>('admin', 'GET', '/admin/fs/list?path=/m1/subx');
  assert.equal(
    subx.body.data.items.map((i) => i.name),
    ['secret.txt'],
  );
});

test.run();
