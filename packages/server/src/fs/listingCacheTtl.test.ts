// @clip-databases sqlite postgres
/**
 * The listing cache on its own, over a real database (SQLite or Postgres) and an injected clock: entries
 * live exactly cache_ttl seconds, an edited mount drops its entries, another instance's write (a version
 * bump in the database) is seen at once, and clearing answers the count.
 */
import type { FsItem } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { MountRecord } from '../services/mountService.ts';
import { useTestDatabase } from '../testing/testDatabase.ts';
import { createListingCache } from './listingCache.ts';

const database = useTestDatabase(test);

const mount = (over: Partial<MountRecord> = {}): MountRecord => ({
  id: 'm1',
  name: 'm',
  mountPath: '/m',
  storageType: 'local',
  storageConfigId: 'cfg1',
  sortOrder: 0,
  cacheTtl: 10,
  isActive: true,
  webProxy: true,
  rootPrefix: '',
  version: 1,
  ...over,
});
/** The cache over the database, with `mounts` as the active mounts (whose own versions a key clears). */
const cacheAt = (now: () => number, mounts: MountRecord[] = [mount()]) =>
  createListingCache({ knex: database.db.knex, hot: database.db.hot, activeMounts: async () => mounts }, now);
const items = (n: number): FsItem[] =>
  Array.from({ length: n }, (_, i) => ({
    name: `f${i}`,
    path: `/m/f${i}`,
    type: 'file',
    size: 1,
    modified: null,
    etag: null,
    mimetype: 'text/plain',
    is_mount: false,
  }));

test('an entry lives exactly cache_ttl seconds; TTL 0 never caches', async () => {
  let now = 1_000_000;
  const cache = cacheAt(() => now);
  const m = mount();
  const v = await cache.version(mount());
  cache.set(m, '', '/m', v, items(2));
  now += 9_999;
  assert.is((cache.get(m, '', v) as FsItem[]).length, 2);
  now += 1;
  assert.is(cache.get(m, '', v), null, 'expired at exactly 10 s');
  const off = mount({ id: 'm0', cacheTtl: 0 });
  cache.set(off, '', '/m', v, items(1));
  assert.is(cache.get(off, '', v), null);
  assert.is(cache.size(), 0);
});

test('an edited mount and a version bumped by another instance both miss', async () => {
  const now = 5_000_000;
  const a = cacheAt(() => now);
  const b = cacheAt(() => now);
  const m = mount();
  const v = await a.version(m);
  a.set(m, 'dir', '/m/dir', v, items(3));
  assert.ok(a.get(m, 'dir', v));
  assert.is(a.get(mount({ version: 2 }), 'dir', v), null, 'mount edited');
  a.set(m, 'dir', '/m/dir', v, items(3));
  await b.invalidate('cfg1');
  const after = await a.version(m);
  assert.is(after, v + 1);
  assert.is(a.get(m, 'dir', after), null, "another instance's write is seen at once");
  await b.invalidate('other-config');
  assert.is(await a.version(m), after, 'other configs do not disturb');
});

test('clear answers the count; a key clears only inside its scope', async () => {
  const cache = cacheAt(() => 0);
  const m = mount();
  const v = await cache.version(mount());
  cache.set(m, 'a', '/m/a', v, items(1));
  cache.set(m, 'b', '/m/b', v, items(1));
  const key = {
    kind: 'apikey' as const,
    id: 'k',
    name: 'k',
    permissions: { text: false, file: false, mount: true },
    basicPath: '/m/a',
  };
  assert.is(await cache.clear(key), 1);
  assert.is(cache.size(), 1);
  assert.is(await cache.clear({ kind: 'admin', id: 'x', username: 'admin' }), 1);
  assert.is(await cache.clear({ kind: 'admin', id: 'x', username: 'admin' }), 0);
});

test("a key's clear bumps only its own mounts' versions, never another mount's over the same config", async () => {
  const own = mount({ id: 'own', mountPath: '/own' });
  const inner = mount({ id: 'inner', mountPath: '/own/inner' });
  const above = mount({ id: 'above', mountPath: '/other' });
  const cache = cacheAt(() => 0, [own, inner, above]);
  const key = {
    kind: 'apikey' as const,
    id: 'k2',
    name: 'k2',
    permissions: { text: false, file: false, mount: true },
    basicPath: '/own/dir',
  };
  const before = await Promise.all([own, inner, above].map((m) => cache.version(m)));
  cache.set(own, 'dir', '/own/dir', before[0], items(1));
  assert.is(await cache.clear(key), 1);
  const after = await Promise.all([own, inner, above].map((m) => cache.version(m)));
  assert.ok(after[0] > before[0], 'the mount holding the basic path is cleared in every process');
  assert.is(after[1], before[1], 'a mount beside the basic path keeps its cache');
  assert.is(after[2], before[2], 'another mount over the same config keeps its cache');
  const noMount = { ...key, permissions: { text: true, file: true, mount: false } };
  await cache.clear(noMount);
  assert.is(await cache.version(own), after[0], 'a key without mount permission clears nothing');
});

test("the admin's clear reaches every process, also for a config never written to", async () => {
  const fresh = mount({ id: 'fresh', mountPath: '/fresh', storageConfigId: 'cfg-never-written' });
  const cache = cacheAt(() => 0, [fresh]);
  const before = await cache.version(fresh);
  await cache.clear({ kind: 'admin', id: 'x', username: 'admin' });
  assert.ok((await cache.version(fresh)) > before);
});

test('memory stays bounded: the oldest folders go past 500,000 items', async () => {
  const cache = cacheAt(() => 0);
  const v = await cache.version(mount());
  const big = items(200_000);
  for (const name of ['x', 'y', 'z']) cache.set(mount(), name, `/m/${name}`, v, big);
  assert.is(cache.size(), 2);
  assert.is(cache.get(mount(), 'x', v), null);
  assert.ok(cache.get(mount(), 'z', v));
});

test.run();
