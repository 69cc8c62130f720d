// @clip-databases sqlite postgres
import type { Mount } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type FsKit, startFsKit } from '../../fs/testing/fsTestKit.ts';
import { startTestServer } from '../../testing/testServer.ts';

let kit: FsKit;
test.before(async () => {
  kit = await startFsKit(startTestServer());
});
test.after(async () => kit?.close());

test('admin creates, reads, lists, updates, toggles and deletes a mount', async () => {
  const created = await kit.call<Mount>('admin', 'POST', '/admin/mounts', {
    name: 'Local docs',
    mount_path: '/docs',
    storage_type: 'local',
    storage_config_id: kit.localConfigId,
    cache_ttl: 0,
    sort_order: 3,
  });
  assert.is(created.status, 201, created.body.message);
  const m = created.body.data;
  assert.is(m.mount_path, '/docs');
  assert.is(m.cache_ttl, 0, 'cache_ttl 0 is stored as 0');
  assert.is(m.sort_order, 3);
  assert.is(m.is_active, true);
  assert.is(m.web_proxy, true);
  assert.is(m.created_by, 'admin');
  assert.is(m.root_prefix, '');

  const defaults = await kit.mount({ mount_path: '/d2', name: 'defaults' });
  assert.is(defaults.cache_ttl, 300);
  assert.is(defaults.sort_order, 0);

  const got = await kit.call<Mount>('admin', 'GET', `/admin/mounts/${m.id}`);
  assert.is(got.body.data.name, 'Local docs');
  const list = await kit.call<{ items: Mount[]; total: number }>('admin', 'GET', '/admin/mounts');
  assert.ok(list.body.data.items.some((x) => x.id === m.id));
  const searched = await kit.call<{ items: Mount[] }>('admin', 'GET', '/admin/mounts?search=local%20do');
  assert.equal(
    searched.body.data.items.map((x) => x.id),
    [m.id],
  );

  const off = await kit.call<Mount>('admin', 'PUT', `/admin/mounts/${m.id}`, { is_active: false });
  assert.is(off.status, 200);
  assert.is(off.body.data.is_active, false);
  const renamed = await kit.call<Mount>('admin', 'PUT', `/admin/mounts/${m.id}`, {
    name: 'Docs',
    cache_ttl: 0,
  });
  assert.is(renamed.body.data.name, 'Docs');
  assert.is(renamed.body.data.cache_ttl, 0);

  const del = await kit.call('admin', 'DELETE', `/admin/mounts/${m.id}`);
  assert.is(del.status, 200);
  assert.is((await kit.call('admin', 'GET', `/admin/mounts/${m.id}`)).status, 404);
  await kit.call('admin', 'DELETE', `/admin/mounts/${defaults.id}`);
});

test('every validation rule answers 400/409 naming the problem', async () => {
  const base = { name: 'ok name', storage_type: 'local', storage_config_id: kit.localConfigId };
  const cases: [Record<string, unknown>, number, RegExp][] = [
    [{ ...base, name: 'x', mount_path: '/a1' }, 400, /name/],
    [{ ...base, name: 'x'.repeat(51), mount_path: '/a1' }, 400, /name/],
    [{ ...base, mount_path: 'a1' }, 400, /start with/],
    [{ ...base, mount_path: '/a1/' }, 400, /end with/],
    [{ ...base, mount_path: '/a1//b' }, 400, /empty segment/],
    [{ ...base, mount_path: '/a1/../b' }, 400, /\.\./],
    [{ ...base, mount_path: '/a1/./b' }, 400, /"\."/],
    [{ ...base, mount_path: '/a\\b' }, 400, /\\/],
    [{ ...base, mount_path: '/a\u0000b' }, 400, /control|NUL/],
    [{ ...base, mount_path: `/${'a'.repeat(100)}` }, 400, /mount_path/],
    [{ ...base, mount_path: '/api' }, 400, /reserved/],
    [{ ...base, mount_path: '/DAV/x' }, 400, /reserved/],
    [{ ...base, mount_path: '/assets' }, 400, /reserved/],
    [{ ...base, mount_path: '/a1', sort_order: -1 }, 400, /sort_order/],
    [{ ...base, mount_path: '/a1', sort_order: 1.5 }, 400, /sort_order/],
    [{ ...base, mount_path: '/a1', cache_ttl: -1 }, 400, /cache_ttl/],
    [{ ...base, mount_path: '/a1', cache_ttl: 'x' }, 400, /cache_ttl/],
    [{ ...base, mount_path: '/a1', storage_type: 's3' }, 400, /storage_type/],
    [{ ...base, mount_path: '/a1', storage_config_id: 'nope' }, 400, /does not exist/],
    [{ ...base, mount_path: '/a1', root_prefix: '../up' }, 400, /root_prefix/],
    [{ ...base }, 400, /mount_path/],
    [{ ...base, mount_path: '/a1', extra: 1 }, 400, /extra/],
  ];
  for (const [body, status, message] of cases) {
    const res = await kit.call('admin', 'POST', '/admin/mounts', body);
    assert.is(res.status, status, `${JSON.stringify(body)} -> ${res.status} ${res.body.message}`);
    assert.is(res.body.success, false);
    assert.match(res.body.message, message, `${JSON.stringify(body)}: ${res.body.message}`);
  }
  const first = await kit.mount({ mount_path: '/uniq' });
  const dup = await kit.call('admin', 'POST', '/admin/mounts', { ...base, mount_path: '/uniq' });
  assert.is(dup.status, 409);
  assert.match(dup.body.message, /\/uniq/);
  const other = await kit.mount({ mount_path: '/uniq2' });
  const clash = await kit.call('admin', 'PUT', `/admin/mounts/${other.id}`, { mount_path: '/uniq' });
  assert.is(clash.status, 409);
  await kit.call('admin', 'DELETE', `/admin/mounts/${first.id}`);
  await kit.call('admin', 'DELETE', `/admin/mounts/${other.id}`);
});

test('keys read mounts at, under or above their basic path, and may not change any', async () => {
  const a = await kit.mount({ mount_path: '/k1/a' });
  const b = await kit.mount({ mount_path: '/k2' });
  const top = await kit.mount({ mount_path: '/k1' });
  const { key } = await kit.server.keyClient({ mount: true, basic_path: '/k1/a/sub' });
  const list = await kit.call<{ items: Mount[] }>(key, 'GET', '/user/mounts');
  assert.is(list.status, 200);
  const paths = list.body.data.items.map((m) => m.mount_path).sort();
  assert.equal(paths, ['/k1', '/k1/a']);
  assert.is((await kit.call(key, 'GET', `/user/mounts/${a.id}`)).status, 200);
  assert.is((await kit.call(key, 'GET', `/user/mounts/${b.id}`)).status, 404);
  assert.is((await kit.call(key, 'GET', '/admin/mounts')).status, 403);

  const body = {
    name: 'mine',
    mount_path: '/mine',
    storage_type: 'local',
    storage_config_id: kit.localConfigId,
  };
  for (const prefix of ['/admin', '/user']) {
    const create = await kit.call(key, 'POST', `${prefix}/mounts`, body);
    assert.is(create.status, 403);
    assert.match(create.body.message, /cannot create mounts/);
    const update = await kit.call(key, 'PUT', `${prefix}/mounts/${a.id}`, { name: 'changed' });
    assert.is(update.status, 403);
    assert.match(update.body.message, /cannot change mounts/);
    const toggle = await kit.call(key, 'PUT', `${prefix}/mounts/${a.id}`, { is_active: false });
    assert.is(toggle.status, 403);
    assert.match(toggle.body.message, /cannot enable or disable mounts/);
    const del = await kit.call(key, 'DELETE', `${prefix}/mounts/${a.id}`);
    assert.is(del.status, 403);
    assert.match(del.body.message, /cannot delete mounts/);
  }
  assert.is((await kit.call<Mount>('admin', 'GET', `/admin/mounts/${a.id}`)).body.data.name, a.name);
  const noMount = await kit.server.keyClient({ file: true });
  assert.is((await kit.call(noMount.key, 'GET', '/user/mounts')).status, 403);
  assert.is((await kit.call(null, 'GET', '/user/mounts')).status, 401);
  for (const m of [a, b, top]) await kit.call('admin', 'DELETE', `/admin/mounts/${m.id}`);
});

test('a storage config used by a mount cannot be deleted (409 naming the mounts); deleting a mount keeps objects', async () => {
  const m = await kit.mount({ mount_path: '/keep', storage_type: 's3' });
  const up = await kit.call('admin', 'POST', '/admin/fs/update', { path: '/keep/a.txt', content: 'stays' });
  assert.is(up.status, 200, up.body.message);
  const refused = await kit.call('admin', 'DELETE', `/s3-configs/${kit.s3ConfigId}`);
  assert.is(refused.status, 409);
  assert.match(refused.body.message, /"\/keep"/);
  assert.is((await kit.call('admin', 'DELETE', `/admin/mounts/${m.id}`)).status, 200);
  const again = await kit.mount({ mount_path: '/keep2', storage_type: 's3' });
  const res = await kit.raw('admin', 'GET', '/admin/fs/download?path=/keep2/a.txt');
  assert.is(res.status, 200);
  assert.is(await res.text(), 'stays');
  await kit.call('admin', 'DELETE', `/admin/mounts/${again.id}`);
});

test('the dashboard counts mounts', async () => {
  const m = await kit.mount({ mount_path: '/counted' });
  const stats = await kit.call<{ mounts: number }>('admin', 'GET', '/admin/dashboard/stats');
  assert.ok(stats.body.data.mounts >= 1);
  await kit.call('admin', 'DELETE', `/admin/mounts/${m.id}`);
});

test.run();
