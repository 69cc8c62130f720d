// @clip-databases sqlite postgres
/**
 * The listing cache: TTL 0 sees changes made behind its back at once, a cached mount serves its cache
 * until refresh=true or a write, two mounts over one bucket see each other's writes, two server
 * processes on one database see each other's writes at once, and "clear cache" answers the count.
 */
import { Readable } from 'node:stream';
import type { FsListResult } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer } from '../testing/testServer.ts';
import { type FsKit, startFsKit } from './testing/fsTestKit.ts';

let kit: FsKit;
test.before(async () => {
  kit = await startFsKit(startTestServer());
});
test.after(async () => kit?.close());

const names = async (auth: string, path: string, extra = '', base = '/admin/fs') => {
  const res = await kit.call<FsListResult>(
    auth,
    'GET',
    `${base}/list?path=${encodeURIComponent(path)}${extra}`,
  );
  assert.is(res.status, 200, res.body.message);
  return res.body.data.items.map((i) => i.name).sort();
};

async function behindTheBack(configId: string, key: string, content = 'x') {
  const driver = await kit.server.app.services.storageConfigs.driverFor(configId);
  await driver.write(key, Readable.from([Buffer.from(content)]), { size: content.length });
}

test('TTL 0 sees a change made behind its back at once; a cached mount until refresh=true', async () => {
  await kit.mount({ mount_path: '/nocache', storage_type: 's3', cache_ttl: 0, root_prefix: 'cache-a' });
  await kit.mount({ mount_path: '/cached', storage_type: 's3', cache_ttl: 300, root_prefix: 'cache-a' });
  await behindTheBack(kit.s3ConfigId, 'cache-a/one.txt');
  assert.equal(await names('admin', '/nocache'), ['one.txt']);
  assert.equal(await names('admin', '/cached'), ['one.txt']);
  await behindTheBack(kit.s3ConfigId, 'cache-a/two.txt');
  assert.equal(await names('admin', '/nocache'), ['one.txt', 'two.txt'], 'TTL 0 lists storage every time');
  assert.equal(await names('admin', '/cached'), ['one.txt'], 'a TTL>0 mount serves its cache');
  assert.equal(await names('admin', '/cached', '&refresh=true'), ['one.txt', 'two.txt']);
});

test('two mounts over one bucket (overlapping roots) see each other writes', async () => {
  await kit.mount({ mount_path: '/outer', storage_type: 's3', cache_ttl: 300, root_prefix: 'shared' });
  await kit.mount({ mount_path: '/inner', storage_type: 's3', cache_ttl: 300, root_prefix: 'shared/in' });
  await kit.call('admin', 'POST', '/admin/fs/mkdir', { path: '/outer/in' });
  assert.equal(await names('admin', '/inner'), []);
  assert.equal(await names('admin', '/outer'), ['in']);
  assert.equal(await names('admin', '/outer/in'), []);
  await kit.call('admin', 'POST', '/admin/fs/update', { path: '/outer/in/a.txt', content: 'a' });
  assert.equal(await names('admin', '/inner'), ['a.txt']);
  await kit.call('admin', 'POST', '/admin/fs/update', { path: '/inner/b.txt', content: 'b' });
  assert.equal(await names('admin', '/outer/in'), ['a.txt', 'b.txt']);
  await kit.call('admin', 'DELETE', `/admin/fs/remove?path=${encodeURIComponent('/inner/a.txt')}`);
  assert.equal(await names('admin', '/outer/in'), ['b.txt']);
  await kit.call('admin', 'POST', '/admin/fs/rename', {
    oldPath: '/outer/in/b.txt',
    newPath: '/outer/in/c.txt',
  });
  assert.equal(await names('admin', '/inner'), ['c.txt']);
});

test('clear cache answers how many entries went; keys clear only their scope', async () => {
  await names('admin', '/cached');
  await names('admin', '/outer');
  const { key } = await kit.server.keyClient({ mount: true, basic_path: '/cached' });
  await names(key, '/cached', '', '/user/fs');
  const byKey = await kit.call<{ cleared: number }>(key, 'POST', '/user/cache/clear');
  assert.is(byKey.status, 200);
  assert.is(byKey.body.data.cleared, 1);
  const byAdmin = await kit.call<{ cleared: number }>('admin', 'POST', '/admin/cache/clear');
  assert.ok(byAdmin.body.data.cleared >= 2, String(byAdmin.body.data.cleared));
  const again = await kit.call<{ cleared: number }>('admin', 'POST', '/admin/cache/clear');
  assert.is(again.body.data.cleared, 0);
  await behindTheBack(kit.s3ConfigId, 'cache-a/three.txt');
  await names('admin', '/cached');
  await kit.call('admin', 'POST', '/admin/cache/clear');
  assert.ok((await names('admin', '/cached')).includes('three.txt'), 'a cleared cache lists storage again');
});

test('a cached page is the same frozen answer (its bytes encoded once) until the folder changes', async () => {
  await kit.mount({ mount_path: '/pages', storage_type: 's3', cache_ttl: 300, root_prefix: 'pages' });
  await kit.call('admin', 'POST', '/admin/fs/update', { path: '/pages/a.txt', content: 'a' });
  const { fs } = kit.server.app.services;
  const admin = { kind: 'admin', id: 'test', username: 'admin' } as const;
  const first = await fs.list(admin, '/pages');
  assert.ok(Object.isFrozen(first));
  assert.is(await fs.list(admin, '/pages'), first, 'the cached page again');
  await kit.call('admin', 'POST', '/admin/fs/update', { path: '/pages/b.txt', content: 'b' });
  const after = await fs.list(admin, '/pages');
  assert.is.not(after, first);
  assert.equal(
    after.items.map((i) => i.name),
    ['a.txt', 'b.txt'],
  );
  assert.is.not(await fs.list(admin, '/pages', { refresh: true }), after, 'refresh lists storage again');
});

test("a folder larger than the first page answers storage's first page at once and is cached behind it", async () => {
  await kit.mount({ mount_path: '/paged', storage_type: 's3', cache_ttl: 300, root_prefix: 'paged' });
  for (const n of ['a', 'b', 'c', 'd', 'e']) await behindTheBack(kit.s3ConfigId, `paged/${n}.txt`);
  const page = async (extra: string) => {
    const res = await kit.call<FsListResult>('admin', 'GET', `/admin/fs/list?path=%2Fpaged&limit=2${extra}`);
    assert.is(res.status, 200, res.body.message);
    return res.body.data;
  };
  const first = await page('');
  assert.equal(
    first.items.map((i) => i.name),
    ['a.txt', 'b.txt'],
  );
  assert.ok(first.next_cursor?.startsWith('d:'), 'the first listing pages on from storage');
  const second = await page(`&cursor=${encodeURIComponent(first.next_cursor as string)}`);
  assert.equal(
    second.items.map((i) => i.name),
    ['c.txt', 'd.txt'],
  );
  assert.ok(second.next_cursor?.startsWith('d:'));
  // The pages its reader went through fill the cache once the last has been read.
  const last = await page(`&cursor=${encodeURIComponent(second.next_cursor as string)}`);
  assert.equal(
    last.items.map((i) => i.name),
    ['e.txt'],
  );
  assert.is(last.next_cursor, null);
  const again = await page('');
  assert.is(again.next_cursor, 'c:b.txt', 'a listing from the start is served from the cache');
  await behindTheBack(kit.s3ConfigId, 'paged/f.txt');
  const cachedTail = await page(`&cursor=${encodeURIComponent('c:d.txt')}`);
  assert.equal(
    cachedTail.items.map((i) => i.name),
    ['e.txt'],
    'a cached listing is not touched by a change behind its back',
  );
  // A write through clip invalidates it; a cached listing's later page then lists the folder whole again.
  await kit.call('admin', 'POST', '/admin/fs/update', { path: '/paged/g.txt', content: 'g' });
  const afterWrite = await page(`&cursor=${encodeURIComponent('c:d.txt')}`);
  assert.equal(
    afterWrite.items.map((i) => i.name),
    ['e.txt', 'f.txt'],
  );
  assert.is(afterWrite.next_cursor, 'c:f.txt');
});

test('two server processes on one database see each other writes at once', async () => {
  await kit.mount({ mount_path: '/multi', storage_type: 's3', cache_ttl: 300, root_prefix: 'multi' });
  await kit.mount({
    mount_path: '/multi-local',
    storage_type: 'local',
    cache_ttl: 300,
    root_prefix: 'multi',
  });
  const other = await kit.startPeer();
  try {
    const onB = other.names;
    const writeOnB = (path: string, content: string) =>
      fetch(`${other.url}/api/admin/fs/update`, {
        method: 'POST',
        headers: { authorization: `Bearer ${kit.adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ path, content }),
      }).then((r) => assert.is(r.status, 200));
    for (const root of ['/multi', '/multi-local']) {
      await kit.call('admin', 'POST', '/admin/fs/update', { path: `${root}/a.txt`, content: 'a' });
      assert.equal(await names('admin', root), ['a.txt']);
      assert.equal(await onB(root), ['a.txt']);
      await writeOnB(`${root}/b.txt`, 'b');
      assert.equal(await names('admin', root), ['a.txt', 'b.txt'], `A sees B's write in ${root}`);
      await kit.call('admin', 'POST', '/admin/fs/update', { path: `${root}/c.txt`, content: 'c' });
      assert.equal(await onB(root), ['a.txt', 'b.txt', 'c.txt'], `B sees A's write in ${root}`);
    }
  } finally {
    await other.close();
  }
});

test.run();
