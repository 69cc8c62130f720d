// @clip-databases sqlite postgres
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { until } from '../../testing/until.ts';
import { spoolDir } from '../../uploads/spool.ts';
import {
  allObjects,
  asView,
  chunkedForm,
  driverOf,
  envelopeOf,
  fileRows,
  rejects,
} from './testing/fileTestKit.ts';

let server: TestServer;
let configId: string;
test.before(async () => {
  server = await startTestServer();
  const admin = await server.adminClient();
  await admin.system.updateSettings({ max_upload_size: 1 });
  const probe = await admin.files.upload(new Blob(['p']), {}, { filename: 'probe.txt' });
  configId = (await admin.files.getById(probe.id)).s3_config_id;
  await admin.files.remove(probe.id);
});
test.after(async () => server?.close());

const MiB = 1024 * 1024;
const adminAuth = async () =>
  `Bearer ${(await server.client().auth.login('admin', 'test-admin-password')).token}`;

test('an upload whose Content-Length is over the limit is refused with 413 before reading it', async () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(3 * MiB)]), 'big.bin');
  const res = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: await adminAuth() },
    body: form,
  });
  assert.is(res.status, 413);
  assert.is((await envelopeOf(res)).error, 'PAYLOAD_TOO_LARGE');
  assert.equal(await allObjects(await driverOf(server, configId)), []);
});

test('a refused upload well past the limit is readable by fetch/undici clients, and the SDK surfaces its message', async () => {
  // 24 MiB does not fit in socket buffers: unless the server reads the body, the client gets EPIPE.
  const big = new Blob([new Uint8Array(24 * MiB)]);
  const form = new FormData();
  form.append('file', big, 'huge.bin');
  const res = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: await adminAuth() },
    body: form,
  });
  assert.is(res.status, 413);
  assert.match((await envelopeOf(res)).message, /the limit is 1048576 bytes/);
  const admin = await server.adminClient();
  const err = await rejects(admin.files.upload(big, {}, { filename: 'huge.bin' }));
  assert.is(err.status, 413);
  assert.match(err.message, /the limit is 1048576 bytes/);
  assert.equal(await fileRows(server), []);
  // The server is still fine afterwards.
  assert.is((await fetch(`${server.url}/api/health`)).status, 200);
});

test('after a 413 the server keeps reading the refused body, so a client still sending gets no broken pipe', async () => {
  const url = new URL(server.url);
  const total = 24 * MiB;
  const socket = connect(Number(url.port), url.hostname);
  let answer = '';
  let failure: Error | null = null;
  socket.on('data', (d) => {
    answer += d;
  });
  socket.on('error', (err) => {
    failure = err;
  });
  socket.write(
    `POST /api/upload HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${await adminAuth()}\r\n` +
      `Content-Type: multipart/form-data; boundary=B\r\nContent-Length: ${total}\r\n\r\n`,
  );
  const chunk = Buffer.alloc(256 * 1024, 1);
  for (let sent = 0; sent < total && !failure; sent += chunk.length) {
    if (!socket.write(chunk))
      await new Promise<void>((resolve) => {
        socket.once('drain', resolve);
        socket.once('close', resolve);
      });
  }
  await until(() => failure !== null || answer.includes('"success":false'), 'the 413 answer');
  assert.is(failure, null, 'the whole body could be sent');
  assert.match(answer, /^HTTP\/1\.1 413/);
  assert.match(answer, /the limit is 1048576 bytes/);
  socket.destroy();
});

test('a chunked upload (no Content-Length) over the limit is cut at the limit: 413, nothing stored', async () => {
  const { body, contentType } = chunkedForm(
    { remark: 'too big' },
    { name: 'stream.bin', type: 'application/octet-stream', bytes: 1.5 * MiB },
  );
  const res = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: await adminAuth(), 'content-type': contentType },
    body,
    duplex: 'half',
  } as RequestInit);
  assert.is(res.status, 413);
  assert.match((await envelopeOf(res)).message, /larger than the upload limit/);
  assert.equal(await allObjects(await driverOf(server, configId)), []);
  assert.equal(await fileRows(server), []);
  // Just under the limit, streamed the same way, is stored whole.
  const ok = chunkedForm({}, { name: 'fits.bin', type: 'application/octet-stream', bytes: MiB - 10 });
  const stored = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: await adminAuth(), 'content-type': ok.contentType },
    body: ok.body,
    duplex: 'half',
  } as RequestInit);
  assert.is(stored.status, 201);
  const { data } = await envelopeOf(stored);
  assert.is(data.size, MiB - 10);
  await (await server.adminClient()).files.remove(data.id);
});

test('a client that disconnects mid-upload leaves no record, no object and no spool file', async () => {
  const url = new URL(`${server.url}/api/upload`);
  const req = request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: { authorization: await adminAuth(), 'content-type': 'multipart/form-data; boundary=B0UND' },
  });
  req.on('error', () => {});
  // Placement first: the part streams straight to storage under a pending record.
  req.write('--B0UND\r\nContent-Disposition: form-data; name="s3_config_id"\r\n\r\n\r\n');
  req.write('--B0UND\r\nContent-Disposition: form-data; name="path"\r\n\r\n\r\n');
  req.write('--B0UND\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\n\r\n');
  for (let i = 0; i < 8; i++) req.write(Buffer.alloc(64 * 1024, 1));
  await until(async () => (await fileRows(server)).length > 0, 'the pending record');
  assert.is((await fileRows(server))[0]?.status, 'pending', 'the upload was under way');
  req.destroy();
  await until(async () => (await fileRows(server)).length === 0, 'the pending record to go');
  assert.equal(await fileRows(server), []);
  assert.equal(await allObjects(await driverOf(server, configId)), []);

  // File first: the part is spooled to a temporary file, which goes when the client does.
  const spooling = request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: { authorization: await adminAuth(), 'content-type': 'multipart/form-data; boundary=B0UND' },
  });
  spooling.on('error', () => {});
  spooling.write('--B0UND\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\n\r\n');
  for (let i = 0; i < 8; i++) spooling.write(Buffer.alloc(64 * 1024, 1));
  await until(async () => (await spoolFiles()).length > 0, 'the spool file');
  assert.is((await spoolFiles()).length, 1, 'the part was being spooled');
  spooling.destroy();
  await until(async () => (await spoolFiles()).length === 0, 'the spool file to go');
  assert.equal(await spoolFiles(), []);
  assert.equal(await fileRows(server), []);
});

const spoolFiles = () => readdir(spoolDir(server.dataDir)).catch(() => [] as string[]);

test('paths that climb out of the root are refused; folders shape the storage path', async () => {
  const admin = await server.adminClient();
  for (const path of ['../escape', '/a/../../b', '..\\..\\windows', 'docs//2024']) {
    const err = await rejects(admin.files.upload(new Blob(['x']), { path }, { filename: 'x.txt' }));
    assert.is(err.status, 400);
    assert.match(err.message, /^path must not contain/);
  }
  const { id } = await admin.files.upload(
    new Blob(['x']),
    { path: 'docs/2024/' },
    { filename: '../../x.txt' },
  );
  const record = await admin.files.getById(id);
  assert.is(record.path, '/docs/2024');
  assert.is(record.filename, 'x.txt');
  assert.match(record.storage_path, /^\.clip\/shares\/docs\/2024\/\d{4}\/\d{2}\/[0-9a-f]{12}-x\.txt$/);
  await admin.files.remove(id);
  assert.equal(await fileRows(server), []);
});

test('placement fields may come after the file: the part is spooled, stored in the right place, spool removed', async () => {
  const form = new FormData();
  form.append('file', new Blob(['late']), 'late.txt');
  form.append('remark', 'after the file');
  form.append('path', '/elsewhere');
  form.append('max_views', '2');
  const res = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: await adminAuth() },
    body: form,
  });
  const { data } = await envelopeOf(res);
  assert.equal([res.status, data.max_views], [201, 2]);
  const admin = await server.adminClient();
  const record = await admin.files.getById(data.id);
  assert.equal([record.path, record.remark], ['/elsewhere', 'after the file']);
  assert.match(record.storage_path, /^\.clip\/shares\/elsewhere\//);
  const view = asView(await server.client().files.getPublic(record.slug));
  assert.is(await (await fetch(view.download_url)).text(), 'late');
  assert.equal(await spoolFiles(), []);
  // A late field that is refused leaves nothing behind either.
  const bad = new FormData();
  bad.append('file', new Blob(['x']), 'x.txt');
  bad.append('s3_config_id', 'no-such-config');
  const refused = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: await adminAuth() },
    body: bad,
  });
  assert.is(refused.status, 404);
  assert.equal(await spoolFiles(), []);
  await admin.files.remove(data.id);
  assert.equal(await fileRows(server), []);
});

test('a form without a file, or with bad fields, is a 400 naming the problem', async () => {
  const admin = await server.adminClient();
  const none = new FormData();
  none.append('remark', 'no file');
  const res = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: await adminAuth() },
    body: none,
  });
  assert.is(res.status, 400);
  assert.match((await envelopeOf(res)).message, /file is required/);
  assert.match((await rejects(admin.files.upload(new Blob(['x']), { max_views: -1 }))).message, /max_views/);
  assert.match(
    (await rejects(admin.files.upload(new Blob(['x']), { s3_config_id: 'nope' }))).message,
    /not found/,
  );
  assert.equal(await fileRows(server), []);
});

test('concurrent uploads each get their own object; racing a custom slug, one wins and the loser is cleaned', async () => {
  const admin = await server.adminClient();
  const made = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      admin.files.upload(new Blob([`content ${i}`]), {}, { filename: 'same.txt' }),
    ),
  );
  assert.is(new Set(made.map((m) => m.slug)).size, 8);
  for (const [i, m] of made.entries()) {
    const view = asView(await server.client().files.getPublic(m.slug));
    assert.is(await (await fetch(view.download_url)).text(), `content ${i}`);
  }
  const race = await Promise.allSettled(
    [1, 2, 3].map((i) =>
      admin.files.upload(new Blob([`r${i}`]), { slug: 'contested' }, { filename: 'r.txt' }),
    ),
  );
  assert.is(race.filter((r) => r.status === 'fulfilled').length, 1);
  for (const r of race) if (r.status === 'rejected') assert.is(r.reason.status, 409);
  assert.is((await allObjects(await driverOf(server, configId))).length, 9);
  assert.is((await fileRows(server)).length, 9);
  await admin.files.batchDelete((await admin.files.list()).items.map((f) => f.id));
  assert.equal(await allObjects(await driverOf(server, configId)), []);
});

test('API keys only see and change their own files; the admin sees all', async () => {
  const a = await server.keyClient({ file: true });
  const b = await server.keyClient({ file: true });
  const mine = await a.client.files.upload(new Blob(['a']), {}, { filename: 'a.txt' });
  assert.is((await b.client.files.list()).total, 0);
  for (const call of [
    () => b.client.files.getById(mine.id),
    () => b.client.files.update(mine.id, { remark: 'hijack' }),
    () => b.client.files.remove(mine.id),
  ])
    assert.is((await rejects(call())).status, 404);
  assert.equal((await b.client.files.batchDelete([mine.id])).deleted, 0);
  const admin = await server.adminClient();
  assert.is((await admin.files.getById(mine.id)).created_by, `apikey:${a.id}`);
  assert.is((await a.client.files.list()).total, 1);
  const textOnly = await server.keyClient({ text: true });
  assert.is((await rejects(textOnly.client.files.upload(new Blob(['x'])))).status, 403);
  assert.is((await rejects(textOnly.client.files.list())).status, 403);
  assert.is((await rejects(server.client().files.upload(new Blob(['x'])))).status, 401);
  assert.is(
    (await rejects(a.client.files.batchDelete([mine.id]).then(() => admin.files.getById(mine.id)))).status,
    404,
  );
});

test.run();
