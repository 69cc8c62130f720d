// @clip-databases sqlite postgres
/**
 * The access log for the kinds that link into mounts: a path share's visit, password check, list,
 * download and ZIP, an upload request's info, password check and upload (an upload is one event, not one
 * per part), each with its outcome; the owner's own requests are no events; a key reads only its own.
 */
import { type AccessEvent, type ClipClient, uploadToRequest } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { localMount } from '../../../testing/mounts.ts';
import { startTestServer, type TestServer } from '../../../testing/testServer.ts';

let server: TestServer;
let admin: ClipClient;
let bearer: string;
test.before(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
  bearer = `Bearer ${await server.adminToken()}`;
  await localMount(server, { path: '/loc' });
  await admin.fs.mkdir('/loc/docs/inbox', { create_parents: true });
  await admin.fs.update('/loc/docs/readme.txt', 'hello');
});
test.after(async () => server?.close());

const api = (path: string, init: RequestInit = {}) => fetch(`${server.url}/api${path}`, init);
const json = { 'content-type': 'application/json' };
const MIB = 1024 * 1024;

async function eventsOf(shareId: string, auth = bearer, scope = 'admin'): Promise<AccessEvent[]> {
  const res = await api(`/${scope}/access-log?share_id=${shareId}&limit=1000`, {
    headers: { authorization: auth },
  });
  assert.is(res.status, 200);
  return ((await res.json()) as { data: { items: AccessEvent[] } }).data.items;
}
const summary = (events: AccessEvent[]) =>
  events.map((e) => `${e.share_kind}:${e.action}:${e.outcome}`).reverse();

test('path shares: visit, password, list, download and ZIP are events with their outcome and bytes', async () => {
  const share = await admin.pathShares.create({ path: '/loc/docs', password: 'pw-1' });
  assert.is((await api(`/public/s/${share.slug}`)).status, 401);
  const wrong = await api(`/public/s/${share.slug}/verify`, {
    method: 'POST',
    headers: json,
    body: '{"password":"no"}',
  });
  assert.is(wrong.status, 401);
  const ok = await api(`/public/s/${share.slug}/verify`, {
    method: 'POST',
    headers: json,
    body: '{"password":"pw-1"}',
  });
  const { token } = ((await ok.json()) as { data: { token: string } }).data;
  const headers = { 'x-share-token': token };
  assert.is((await api(`/public/s/${share.slug}/list?path=/`, { headers })).status, 200);
  const file = await api(`/public/s/${share.slug}/download?path=/readme.txt`, { headers });
  assert.is(await file.text(), 'hello');
  const zip = await api(`/public/s/${share.slug}/zip?path=/`, { headers });
  await zip.arrayBuffer();
  assert.is((await api(`/public/s/${share.slug}/list?path=../x`, { headers })).status, 400);

  const events = await eventsOf(share.id);
  assert.equal(summary(events), [
    'path:view:refused',
    'path:verify:wrong_password',
    'path:verify:ok',
    'path:list:ok',
    'path:download:ok',
    'path:zip:ok',
    'path:list:refused',
  ]);
  const download = events.find((e) => e.action === 'download');
  assert.is(download?.bytes, 5);
  assert.is(download?.path, '/readme.txt');

  // The owner's own requests (the admin here) are no visits.
  const before = events.length;
  const own = await api(`/public/s/${share.slug}/list?path=/`, {
    headers: { ...headers, authorization: bearer },
  });
  assert.is(own.status, 200);
  assert.is((await eventsOf(share.id)).length, before);
});

test('upload requests: info, password and one event per upload, refusals included; keys read their own', async () => {
  const key = await admin.apiKeys.create({ name: 'inbox key', mount_permission: true, basic_path: '/' });
  const keyAuth = `ApiKey ${key.key}`;
  const keyClient = server.client({ type: 'apikey', key: key.key });
  const request = await keyClient.uploadRequests.create({
    path: '/loc/docs/inbox',
    max_file_bytes: 12 * MIB,
  });
  assert.is((await api(`/public/r/${request.slug}`)).status, 200);
  // Three parts of at most 5 MiB, and still one upload: its start and its completion, no event per part.
  await uploadToRequest(request.url, new Blob([new Uint8Array(11 * MIB)]), { filename: 'a.bin' });
  const big = await api(`/public/r/${request.slug}/uploads`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ filename: 'big.bin', size: 13 * MIB }),
  });
  assert.is(big.status, 413);

  const events = await eventsOf(request.id, keyAuth, 'user');
  assert.equal(summary(events), [
    'request:view:ok',
    'request:upload:ok',
    'request:upload:ok',
    'request:upload:used_up',
  ]);
  const done = events.find((e) => e.action === 'upload' && e.bytes === 11 * MIB);
  assert.is(done?.path, '/loc/docs/inbox/a.bin');

  // Another key sees none of these events.
  const other = await admin.apiKeys.create({ name: 'other key', mount_permission: true, basic_path: '/' });
  const res = await api(`/user/access-log?share_id=${request.id}`, {
    headers: { authorization: `ApiKey ${other.key}` },
  });
  assert.is(((await res.json()) as { data: { total: number } }).data.total, 0);
});

test.run();
