// @clip-databases sqlite postgres
/**
 * The one admission check: every path that adds bytes to a storage config (fs/upload, WebDAV PUT, resumable
 * uploads, URL fetches, batch copies, archives) is refused with 413 over the config's capacity or
 * max_upload_size, leaves no object and no reservation behind, and concurrent writes cannot jointly
 * exceed the capacity; WebDAV's quota properties read the same usage. Local storage and s3rver.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Task } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  localMount,
  type MountUnderTest,
  s3Mount,
  startS3rver,
  startTestServer,
  TEST_ADMIN,
  type TestS3,
  type TestServer,
} from '../../testing/index.ts';
import type { Actor } from '../actor.ts';

let server: TestServer;
let s3: TestS3;
let token: string;
let remote: Server;
let origin: string;
let mounts: MountUnderTest[];
const DAV_AUTH = `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`;

test.before(async () => {
  s3 = await startS3rver();
  server = await startTestServer({ allowPrivateUrls: true });
  token = await server.adminToken();
  mounts = [await localMount(server, { path: '/loc' }), await s3Mount(server, s3, '/s3')];
  // A remote origin on loopback for URL fetches: /bytes/<n> answers n bytes.
  remote = createServer((req, res) => {
    const n = Number(req.url?.split('/').pop());
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': n });
    res.end(randomBytes(n));
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
});
test.after(async () => {
  await server?.close();
  await s3?.close();
  remote?.close();
});

const usage = (m: MountUnderTest) => server.app.services.admission.usage(m.configId);
const reservations = async () =>
  Number((await server.app.services.db.knex('write_reservations').count({ n: '*' }))[0].n);

/** Leaves `room` bytes of capacity free in the mount's config (0: no capacity). */
async function leaveRoom(m: MountUnderTest, room: number): Promise<void> {
  const admin = await server.adminClient();
  const total = room === 0 ? 0 : (await usage(m)).used + room;
  await admin.storageConfigs.update(m.configId, { total_storage_bytes: total });
}

async function api(path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  return { status: res.status, body: (await res.json()) as { message?: string; data?: unknown } };
}

function fsUpload(folder: string, name: string, bytes: number) {
  const form = new FormData();
  form.append('path', folder);
  form.append('file', new Blob([randomBytes(bytes)]), name);
  return api('/admin/fs/upload', { body: form });
}

async function davPut(path: string, bytes: number, options: { chunked?: boolean } = {}) {
  const data = randomBytes(bytes);
  const body = options.chunked
    ? new ReadableStream({
        start(controller) {
          for (let at = 0; at < data.length; at += 1000) controller.enqueue(data.subarray(at, at + 1000));
          controller.close();
        },
      })
    : data;
  const res = await fetch(`${server.url}/dav${path}`, {
    method: 'PUT',
    headers: { authorization: DAV_AUTH },
    body,
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, text: await res.text() };
}

async function finished(id: string): Promise<Task> {
  const admin = await server.adminClient();
  for await (const _ of admin.tasks.watch(id, { intervalMs: 50 })) {
    // until it ends
  }
  return admin.tasks.get(id);
}

async function nothingAt(m: MountUnderTest, key: string): Promise<void> {
  assert.is(await m.driver.stat(key), null, `no object at ${m.kind}:${key}`);
}

test('fs/upload, WebDAV PUT and resumable uploads are refused over the capacity, leaving nothing', async () => {
  for (const m of mounts) {
    await leaveRoom(m, 1000);
    const before = (await usage(m)).used;

    const upload = await fsUpload(m.path, 'up-big.bin', 5000);
    assert.is(upload.status, 413, `${m.kind} fs/upload`);
    assert.match(upload.body.message ?? '', /capacity/);
    await nothingAt(m, 'up-big.bin');

    const put = await davPut(`${m.path}/dav-big.bin`, 5000);
    assert.is(put.status, 413, `${m.kind} PUT`);
    assert.match(put.text, /capacity/);
    await nothingAt(m, 'dav-big.bin');

    // A key holder's upload and a signed-link holder's PUT are held to the same capacity.
    const { key } = await server.keyClient({ mount: true, basic_path: m.path });
    const keyForm = new FormData();
    keyForm.append('path', m.path);
    keyForm.append('file', new Blob([randomBytes(5000)]), 'key-big.bin');
    const byKey = await fetch(`${server.url}/api/user/fs/upload`, {
      method: 'POST',
      headers: { authorization: `ApiKey ${key}` },
      body: keyForm,
    });
    assert.is(byKey.status, 413, `${m.kind} key upload`);
    await nothingAt(m, 'key-big.bin');
    const fs = server.app.services.fs;
    const issuer = await server.app.services.db.knex('admins').first('id', 'username');
    const admin: Actor = { kind: 'admin', id: issuer.id, username: issuer.username };
    const target = await fs.resolve(admin, `${m.path}/signed-big.bin`, 'write');
    const signed = await fetch(fs.uploadLink(admin, target, 5000, 60), {
      method: 'PUT',
      body: randomBytes(5000),
    });
    assert.is(signed.status, 413, `${m.kind} signed PUT`);
    await nothingAt(m, 'signed-big.bin');

    const chunked = await davPut(`${m.path}/dav-chunked.bin`, 5000, { chunked: true });
    assert.is(chunked.status, 413, `${m.kind} chunked PUT`);
    await nothingAt(m, 'dav-chunked.bin');

    assert.is(await reservations(), 0, 'no reservation stays');
    assert.is((await usage(m)).used, before, 'a refused write adds nothing');

    // What fits is taken, and counts: the mount's bytes leave a resumable upload less room.
    assert.is((await davPut(`${m.path}/fits.bin`, 600)).status, 201);
    assert.is((await usage(m)).used, before + 600);
    const init = await api('/admin/fs/multipart/init', {
      json: { path: m.path, filename: 'mp.bin', fileSize: 500 },
    });
    assert.is(init.status, 413, `${m.kind} multipart init counts the mount's bytes`);
    assert.match(init.body.message ?? '', /capacity/);
    const form = new FormData();
    form.append('s3_config_id', m.configId);
    form.append('file', new Blob([randomBytes(500)]), 'share.bin');
    const share = await api('/upload', { body: form });
    assert.is(share.status, 413, `${m.kind} a file share counts the mount's bytes`);
    assert.match(share.body.message ?? '', /capacity/);
    // Replacing a file counts the difference only; removing it gives its bytes back.
    assert.is((await davPut(`${m.path}/fits.bin`, 900)).status, 204);
    assert.is((await usage(m)).used, before + 900);
    const removed = await fetch(`${server.url}/dav${m.path}/fits.bin`, {
      method: 'DELETE',
      headers: { authorization: DAV_AUTH },
    });
    assert.is(removed.status, 204);
    assert.is((await usage(m)).used, before);
    await leaveRoom(m, 0);
  }
});

test('URL fetches, batch copies and archives are held to max_upload_size and the capacity', async () => {
  const admin = await server.adminClient();
  const [loc, s3m] = mounts;
  assert.is((await davPut('/loc/src.bin', 700)).status, 201);

  // max_upload_size (MiB): a URL fetch of more bytes fails its item and stores nothing.
  const limit = (await admin.system.settings()).max_upload_size;
  await admin.system.updateSettings({ max_upload_size: 1 });
  try {
    const fetched = await api('/admin/fs/fetch-url', {
      json: { items: [{ url: `${origin}/bytes/${2 * 1024 * 1024}`, targetPath: '/s3/fetched.bin' }] },
    });
    const task = await finished((fetched.body.data as { task_id: string }).task_id);
    assert.is(task.failed, 1);
    assert.match(task.results?.[0]?.error ?? '', /max_upload_size/);
    await nothingAt(s3m, 'fetched.bin');
  } finally {
    await admin.system.updateSettings({ max_upload_size: limit });
  }

  // The capacity: a copy across configs, a server-side copy in one config and an archive.
  for (const m of mounts) {
    await leaveRoom(m, 500);
    const copied = await api('/admin/fs/batch-copy', {
      json: { items: [{ sourcePath: '/loc/src.bin', targetPath: `${m.path}/copied.bin` }] },
    });
    assert.is(copied.status < 300, true, JSON.stringify(copied.body));
    const data = copied.body.data as { task_id?: string; failed?: { error: string }[] };
    const failures = data.task_id
      ? ((await finished(data.task_id)).results ?? []).filter((r) => r.status === 'failed')
      : (data.failed ?? []);
    assert.is(failures.length, 1, `${m.kind} copy refused`);
    assert.match(failures[0].error ?? '', /capacity/);
    await nothingAt(m, 'copied.bin');

    const archive = { paths: ['/loc/src.bin'], targetPath: `${m.path}/packed.zip` };
    const refused = await api('/admin/fs/archive', { json: archive });
    assert.is(refused.status, 413, `${m.kind} archive refused before it is queued`);
    assert.match(refused.body.message ?? '', /capacity/);
    // Room for the entry's bytes but not the ZIP's headers: the task's write is refused as it runs.
    await leaveRoom(m, 700);
    const archived = await api('/admin/fs/archive', { json: archive });
    const task = await finished((archived.body.data as { task_id: string }).task_id);
    assert.is(task.failed, 1, `${m.kind} archive refused`);
    assert.match(task.results?.[0]?.error ?? '', /capacity/);
    await nothingAt(m, 'packed.zip');
    assert.is(await reservations(), 0);
    await leaveRoom(m, 0);
  }
  void loc;
});

test('a client-side copy is checked before it is signed and counted once committed', async () => {
  const s3m = mounts[1];
  assert.is((await davPut('/loc/client-src.bin', 700)).status, 201);
  const pair = { sourcePath: '/loc/client-src.bin', targetPath: '/s3/client-copy.bin' };
  await leaveRoom(s3m, 500);
  const refused = await api('/admin/fs/batch-copy', { json: { items: [pair], client_side: true } });
  assert.is(refused.status, 413);
  assert.match(refused.body.message ?? '', /capacity/);

  await leaveRoom(s3m, 1000);
  const before = (await usage(s3m)).used;
  const page = await api('/admin/fs/batch-copy', { json: { items: [pair], client_side: true } });
  assert.is(page.status, 200, JSON.stringify(page.body));
  const [item] = (
    page.body.data as { items: { uploadUrl: string; targetS3Path: string; targetMount: string }[] }
  ).items;
  const source = await fetch(`${server.url}/dav/loc/client-src.bin`, {
    headers: { authorization: DAV_AUTH },
  });
  const put = await fetch(item.uploadUrl, { method: 'PUT', body: Buffer.from(await source.arrayBuffer()) });
  assert.is(put.status, 200);
  const commit = await api('/admin/fs/batch-copy-commit', {
    json: {
      targetMountId: item.targetMount,
      files: [{ targetPath: pair.targetPath, s3Path: item.targetS3Path, fileSize: 700 }],
    },
  });
  assert.is(commit.status, 200, JSON.stringify(commit.body));
  assert.is((await usage(s3m)).used, before + 700);
  await leaveRoom(s3m, 0);
});

test('a folder copied in its storage holds each file, not their sum, to max_upload_size', async () => {
  const admin = await server.adminClient();
  const limit = (await admin.system.settings()).max_upload_size;
  for (const m of mounts) {
    const mkcol = await fetch(`${server.url}/dav${m.path}/pair/`, {
      method: 'MKCOL',
      headers: { authorization: DAV_AUTH },
    });
    assert.is(mkcol.status, 201);
    for (const name of ['a.bin', 'b.bin'])
      assert.is((await davPut(`${m.path}/pair/${name}`, 600 * 1024)).status, 201);
    const before = (await usage(m)).used;
    await admin.system.updateSettings({ max_upload_size: 1 });
    try {
      const copied = await fetch(`${server.url}/dav${m.path}/pair/`, {
        method: 'COPY',
        headers: { authorization: DAV_AUTH, destination: `${server.url}/dav${m.path}/pair-copy/` },
      });
      assert.is(copied.status, 201, `${m.kind}: ${await copied.text()}`);
      assert.is((await usage(m)).used, before + 1200 * 1024);
    } finally {
      await admin.system.updateSettings({ max_upload_size: limit });
    }
  }
});

test('a resumable upload counts once, net of the file it replaces', async () => {
  for (const m of mounts) {
    const before = (await usage(m)).used;
    const upload = async (bytes: number) => {
      const init = await api('/admin/fs/multipart/init', {
        json: { path: m.path, filename: 'resumed.bin', fileSize: bytes },
      });
      assert.is(init.status, 201, JSON.stringify(init.body));
      const { uploadId, key } = init.body.data as { uploadId: string; key: string };
      const qs = new URLSearchParams({ uploadId, partNumber: '1', key });
      const part = await fetch(`${server.url}/api/admin/fs/multipart/part?${qs}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body: randomBytes(bytes),
      });
      assert.is(part.status, 200, await part.text());
      const done = await api('/admin/fs/multipart/complete', { json: { uploadId, key } });
      assert.is(done.status, 200, JSON.stringify(done.body));
    };
    await upload(3000);
    assert.is((await usage(m)).used, before + 3000, `${m.kind}: the new file`);
    await upload(1000);
    assert.is((await usage(m)).used, before + 1000, `${m.kind}: the replacement`);
  }
});

test('concurrent writes cannot jointly exceed the capacity', async () => {
  for (const m of mounts) {
    await leaveRoom(m, 10_000);
    const { used: before, total } = await usage(m);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => davPut(`${m.path}/race-${i}.bin`, 3000)),
    );
    const statuses = answers.map((a) => a.status).sort();
    assert.equal(statuses, [201, 201, 201, 413, 413, 413], `${m.kind}: ${statuses}`);
    const { used } = await usage(m);
    assert.is(used, before + 9000);
    assert.ok(used <= (total ?? 0));
    assert.is(await reservations(), 0);
    await leaveRoom(m, 0);
  }
});

test('WebDAV quota properties tell what the admission counts', async () => {
  const m = mounts[0];
  await leaveRoom(m, 4000);
  const { used, total } = await usage(m);
  const body =
    '<D:propfind xmlns:D="DAV:"><D:prop><D:quota-available-bytes/><D:quota-used-bytes/></D:prop></D:propfind>';
  const res = await fetch(`${server.url}/dav${m.path}/`, {
    method: 'PROPFIND',
    headers: { authorization: DAV_AUTH, depth: '0', 'content-type': 'application/xml' },
    body,
  });
  const xml = await res.text();
  assert.ok(used > 0, 'the mount holds bytes written through it');
  assert.match(xml, new RegExp(`<D:quota-used-bytes>${used}</D:quota-used-bytes>`));
  assert.match(xml, new RegExp(`<D:quota-available-bytes>${(total ?? 0) - used}</D:quota-available-bytes>`));
  await leaveRoom(m, 0);
});

test.run();
