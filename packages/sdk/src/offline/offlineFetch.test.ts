import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OFFLINE_CACHE_EXPIRY_MS } from '../constants.ts';
import {
  createOfflineApiCache,
  OFFLINE_CACHED_AT_HEADER,
  OFFLINE_SOURCE_HEADER,
  withOfflineCache,
} from './offlineFetch.ts';
import { cacheSlotFor } from './rules.ts';
import { memoryOfflineStore, OFFLINE_STORES, type OfflineStore } from './store.ts';

/** A real HTTP server on loopback answering like the API: JSON, binary and health. */
async function startOrigin(): Promise<{
  url: string;
  server: Server;
  hits: () => number;
  /** Requests to /api/slow/... wait until this is called. */
  releaseSlow: () => void;
}> {
  let hits = 0;
  let releaseSlow: () => void = () => undefined;
  const slow = new Promise<void>((resolve) => {
    releaseSlow = resolve;
  });
  const server = createServer(async (req, res) => {
    hits++;
    if (req.url?.startsWith('/api/slow/')) await slow;
    if (req.url?.startsWith('/api/file-download/')) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(Buffer.from([1, 2, 3]));
    }
    if (req.url?.startsWith('/api/missing')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end('{"code":404}');
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({ code: 200, message: 'OK', success: true, data: { url: req.url, method: req.method } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    hits: () => hits,
    releaseSlow: () => releaseSlow(),
  };
}

async function everyKey(store: OfflineStore): Promise<string[]> {
  const all: string[] = [];
  for (const name of OFFLINE_STORES) for (const key of await store.keys(name)) all.push(`${name}:${key}`);
  return all.sort();
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

test('a cached GET is served with offline headers once the server is gone', async () => {
  const origin = await startOrigin();
  const store = memoryOfflineStore();
  let clock = 1_000_000;
  const fetch = withOfflineCache((i, init) => globalThis.fetch(i, init), store, { now: () => clock });
  const url = `${origin.url}/api/paste/abc123`;
  const live = await fetch(url, { method: 'GET' });
  assert.is(live.status, 200);
  assert.is(live.headers.get(OFFLINE_SOURCE_HEADER), null);
  assert.is((await live.json()).data.url, '/api/paste/abc123');
  await close(origin.server);

  clock += 5000;
  const offline = await fetch(url, { method: 'GET' });
  assert.is(offline.status, 200);
  assert.is(offline.headers.get(OFFLINE_SOURCE_HEADER), 'offline-cache');
  assert.is(offline.headers.get(OFFLINE_CACHED_AT_HEADER), new Date(1_000_000).toISOString());
  assert.is((await offline.json()).data.url, '/api/paste/abc123');
  assert.ok(await store.get('pastes', 'abc123'), 'pastes are stored by slug');
});

test('uncached, excluded, binary and non-GET requests still fail offline', async () => {
  const origin = await startOrigin();
  const store = memoryOfflineStore();
  const fetch = withOfflineCache((i, init) => globalThis.fetch(i, init), store);
  for (const path of [
    '/api/health',
    '/api/version',
    '/api/system/max-upload-size',
    '/api/file-download/x',
    '/api/missing',
  ])
    await fetch(`${origin.url}${path}`, { method: 'GET' });
  await fetch(`${origin.url}/api/paste`, { method: 'POST', body: '{}' });
  await close(origin.server);
  for (const path of [
    '/api/health',
    '/api/version',
    '/api/system/max-upload-size',
    '/api/file-download/x',
    '/api/missing',
  ]) {
    const err = await fetch(`${origin.url}${path}`, { method: 'GET' }).then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(err instanceof Error, `${path} must not be answered from the cache`);
  }
  const post = await fetch(`${origin.url}/api/paste`, { method: 'POST', body: '{}' }).catch(
    (e: unknown) => e,
  );
  assert.ok(post instanceof Error);
});

test('entries older than seven days are ignored and removed', async () => {
  const origin = await startOrigin();
  const store = memoryOfflineStore();
  let clock = 0;
  const fetch = withOfflineCache((i, init) => globalThis.fetch(i, init), store, { now: () => clock });
  const url = `${origin.url}/api/user/pastes?limit=10`;
  await fetch(url, { method: 'GET' });
  await close(origin.server);
  clock = OFFLINE_CACHE_EXPIRY_MS + 1;
  const err = await fetch(url, { method: 'GET' }).catch((e: unknown) => e);
  assert.ok(err instanceof Error);
  assert.is(await store.get('settings', 'api_cache_user/pastes?limit=10'), undefined);
});

test('a broken store never breaks a request', async () => {
  const origin = await startOrigin();
  const broken = {
    get: () => Promise.reject(new Error('db closed')),
    set: () => Promise.reject(new Error('quota')),
    del: () => Promise.reject(new Error('db closed')),
    keys: () => Promise.reject(new Error('db closed')),
  };
  const fetch = withOfflineCache((i, init) => globalThis.fetch(i, init), broken);
  const res = await fetch(`${origin.url}/api/paste/zz`, { method: 'GET' });
  assert.is(res.status, 200);
  await close(origin.server);
  const err = await fetch(`${origin.url}/api/paste/zz`, { method: 'GET' }).catch((e: unknown) => e);
  assert.ok(err instanceof Error);
});

test('cache slots follow the path families', () => {
  assert.equal(cacheSlotFor('/api/paste/a%20b'), { store: 'pastes', key: 'a b' });
  assert.equal(cacheSlotFor('/api/public/files/f1'), { store: 'files', key: 'f1' });
  assert.equal(cacheSlotFor('/api/user/fs/list?path=%2Fdocs'), { store: 'directories', key: '/docs' });
  assert.equal(cacheSlotFor('/api/user/pastes?limit=5'), {
    store: 'settings',
    key: 'api_cache_user/pastes?limit=5',
  });
  assert.is(cacheSlotFor('/assets/index.js'), null);
  assert.is(cacheSlotFor('/api/admin/fs/preview?path=/a.png'), null);
  assert.is(cacheSlotFor('/api/file-view/abc'), null);
});

test('answers that carry secrets are never written to the offline database', async () => {
  const origin = await startOrigin();
  const store = memoryOfflineStore();
  const fetch = withOfflineCache((i, init) => globalThis.fetch(i, init), store);
  for (const path of [
    '/api/admin/api-keys',
    '/api/admin/api-keys/k1',
    '/api/s3-configs',
    '/api/s3-configs/c1',
    '/api/test/admin-token',
    '/api/test/api-key',
    '/api/raw/abc?password=hunter2',
    '/api/paste/abc?password=hunter2',
  ]) {
    const res = await fetch(`${origin.url}${path}`, { method: 'GET' });
    assert.is(res.status, 200, path);
  }
  await fetch(`${origin.url}/api/admin/dashboard/stats`, { method: 'GET' });
  assert.equal(await everyKey(store), ['settings:api_cache_admin/dashboard/stats']);
  await close(origin.server);
});

test('clear() removes every cached API answer, keeps the draft, and outruns requests under way', async () => {
  const origin = await startOrigin();
  const store = memoryOfflineStore();
  const cache = createOfflineApiCache((i, init) => globalThis.fetch(i, init), store);
  for (const path of [
    '/api/paste/abc',
    '/api/public/files/f1',
    '/api/user/fs/list?path=%2Fdocs',
    '/api/user/pastes?limit=10',
    '/api/admin/dashboard/stats',
  ])
    await cache.fetch(`${origin.url}${path}`, { method: 'GET' });
  await store.set('settings', 'markdown_draft', { content: 'mine', savedAt: new Date().toISOString() });
  assert.is((await everyKey(store)).length, 6);

  const underWay = cache.fetch(`${origin.url}/api/slow/list`, { method: 'GET' });
  await cache.clear();
  origin.releaseSlow();
  assert.is((await underWay).status, 200, 'the request itself still answers');
  assert.equal(await everyKey(store), ['settings:markdown_draft'], 'only the draft is left');
  await close(origin.server);
});

test.run();
