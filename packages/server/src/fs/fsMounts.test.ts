// @clip-databases sqlite postgres
/**
 * Mount resolution as the file system sees it: virtual folders above mounts sorted by (sort_order, name),
 * nested mounts (longest prefix wins) shown inside their parent, disabled mounts gone, root_prefix
 * isolation, and web_proxy=false redirects to a presigned link.
 */
import type { FsGetResult, FsListResult, Mount } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer } from '../testing/testServer.ts';
import { type FsKit, startFsKit } from './testing/fsTestKit.ts';

let kit: FsKit;
test.before(async () => {
  kit = await startFsKit(startTestServer());
});
test.after(async () => kit?.close());

const list = (path: string) =>
  kit.call<FsListResult>('admin', 'GET', `/admin/fs/list?path=${encodeURIComponent(path)}`);

test('virtual folders list mounts and the way to deeper ones, by (sort_order, name)', async () => {
  await kit.mount({ mount_path: '/zeta', sort_order: 0, cache_ttl: 0, root_prefix: 'v-zeta' });
  await kit.mount({ mount_path: '/alpha', sort_order: 5, cache_ttl: 0, root_prefix: 'v-alpha' });
  await kit.mount({ mount_path: '/deep/er/most', sort_order: 1, cache_ttl: 0, root_prefix: 'v-deep' });
  const root = await list('/');
  assert.is(root.body.data.is_virtual, true);
  assert.equal(
    root.body.data.items.map((i) => i.name),
    ['zeta', 'deep', 'alpha'],
  );
  assert.ok(root.body.data.items.every((i) => i.type === 'folder' && i.is_mount));
  const deep = await list('/deep');
  assert.equal(
    deep.body.data.items.map((i) => i.path),
    ['/deep/er'],
  );
  assert.is((await list('/deep/er/most')).body.data.is_virtual, false);
  assert.is((await list('/nothing')).status, 404);
  const got = await kit.call<FsGetResult>('admin', 'GET', '/admin/fs/get?path=/deep');
  assert.is(got.body.data.type, 'folder');
});

test('nested mounts: the longest prefix wins and shows inside its parent; disabled mounts vanish', async () => {
  await kit.mount({ mount_path: '/outer', cache_ttl: 0, root_prefix: 'n-outer' });
  const inner = await kit.mount({ mount_path: '/outer/inner', cache_ttl: 0, root_prefix: 'n-inner' });
  await kit.mount({ mount_path: '/outer/way/down', cache_ttl: 0, root_prefix: 'n-down' });
  await kit.mount({ mount_path: '/outer/way2/down', cache_ttl: 300, root_prefix: 'n-down' });
  await kit.call('admin', 'POST', '/admin/fs/update', { path: '/outer/file.txt', content: 'outer' });
  await kit.call('admin', 'POST', '/admin/fs/update', { path: '/outer/inner/file.txt', content: 'inner' });
  const outer = await list('/outer');
  const names = outer.body.data.items.map((i) => i.name).sort();
  assert.equal(names, ['file.txt', 'inner', 'way', 'way2']);
  assert.ok(outer.body.data.items.find((i) => i.name === 'inner')?.is_mount);
  for (const path of ['/outer/way', '/outer/way2']) {
    const way = await list(path);
    assert.is(way.status, 200, `${path}: ${way.body.message}`);
    assert.equal(
      way.body.data.items.map((i) => i.name),
      ['down'],
    );
  }
  const read = await kit.raw('admin', 'GET', '/admin/fs/download?path=/outer/inner/file.txt');
  assert.is(await read.text(), 'inner');
  await kit.call<Mount>('admin', 'PUT', `/admin/mounts/${inner.id}`, { is_active: false });
  assert.equal((await list('/outer')).body.data.items.map((i) => i.name).sort(), ['file.txt', 'way', 'way2']);
  // With the inner mount disabled, the path falls to the outer mount (whose storage has no such file).
  assert.is((await kit.raw('admin', 'GET', '/admin/fs/download?path=/outer/inner/file.txt')).status, 404);
});

test('root_prefix keeps a mount inside its folder of the storage', async () => {
  await kit.mount({ mount_path: '/pa', cache_ttl: 0, root_prefix: 'iso/a' });
  await kit.mount({ mount_path: '/pb', cache_ttl: 0, root_prefix: 'iso/b' });
  await kit.call('admin', 'POST', '/admin/fs/update', { path: '/pa/only-a.txt', content: 'a' });
  assert.equal((await list('/pb')).body.data.items, []);
  await kit.mount({ mount_path: '/pall', cache_ttl: 0, root_prefix: 'iso' });
  assert.equal(
    (await list('/pall/a')).body.data.items.map((i) => i.name),
    ['only-a.txt'],
  );
});

test('web_proxy=false redirects downloads to a presigned link; true streams', async () => {
  await kit.mount({
    mount_path: '/direct',
    storage_type: 's3',
    web_proxy: false,
    cache_ttl: 0,
    root_prefix: 'wp',
  });
  await kit.call('admin', 'POST', '/admin/fs/update', { path: '/direct/a.txt', content: 'direct' });
  const res = await kit.raw('admin', 'GET', '/admin/fs/download?path=/direct/a.txt');
  assert.ok([302, 307].includes(res.status), String(res.status));
  const location = res.headers.get('location') as string;
  assert.ok(location.startsWith(kit.s3.endpoint), location);
  const followed = await fetch(location);
  assert.is(await followed.text(), 'direct');
  await kit.mount({ mount_path: '/proxied', storage_type: 's3', cache_ttl: 0, root_prefix: 'wp' });
  const streamed = await kit.raw('admin', 'GET', '/admin/fs/download?path=/proxied/a.txt');
  assert.is(streamed.status, 200);
  assert.is(await streamed.text(), 'direct');
});

test.run();
