// @clip-databases sqlite postgres
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import type { ClipClient, CreateStorageConfigBody } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { s3rverConfig } from '../../testing/index.ts';
import { startS3rver, type TestS3 } from '../../testing/s3rver.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { allObjects, asView, driverOf, fileRows, objectExists, rejects } from './testing/fileTestKit.ts';

let server: TestServer;
let s3: TestS3;
let admin: ClipClient;
let configId: string;
test.before(async () => {
  [server, s3] = await Promise.all([startTestServer(), startS3rver()]);
  admin = await server.adminClient();
  configId = (await admin.storageConfigs.create(s3config({ name: 'shares', is_public: true }))).id;
});
test.after(async () => {
  await server?.close();
  await s3?.close();
});

function s3config(extra: Partial<CreateStorageConfigBody>): CreateStorageConfigBody {
  return s3rverConfig(s3, extra);
}
const MiB = 1024 * 1024;
const sha = (b: Uint8Array | ArrayBuffer) => createHash('sha256').update(new Uint8Array(b)).digest('hex');
const put = (url: string, body: string, type: string) =>
  fetch(url, { method: 'PUT', body, headers: { 'content-type': type } });

test('a form naming its S3 config after the file is spooled, then stored in that config (spec field order)', async () => {
  const form = new FormData();
  form.append('file', new Blob(['late placement']), 'late.txt');
  form.append('s3_config_id', configId);
  form.append('path', '/late');
  const res = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await server.adminToken()}` },
    body: form,
  });
  const { data } = (await res.json()) as { data: { id: string } };
  assert.is(res.status, 201);
  const record = await admin.files.getById(data.id);
  assert.equal([record.s3_config_id, record.path, record.size], [configId, '/late', 14]);
  assert.ok(await objectExists(server, configId, record.storage_path));
  await admin.files.remove(data.id);
});

test('a form cut short while streaming to S3 answers 400 and leaves no record and no object', async () => {
  const url = new URL(server.url);
  const before = (await allObjects(await driverOf(server, configId))).length;
  const body =
    `--XB\r\nContent-Disposition: form-data; name="s3_config_id"\r\n\r\n${configId}\r\n` +
    '--XB\r\nContent-Disposition: form-data; name="path"\r\n\r\n/cut\r\n' +
    '--XB\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\n\r\n' +
    'z'.repeat(300_000);
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let text = '';
    const timer = setTimeout(() => reject(new Error(`no answer: ${text}`)), 30_000);
    socket.on('data', (d) => {
      text += d;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
    void server.adminToken().then((token) => {
      socket.write(
        `POST /api/upload HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=XB\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(body);
    });
  });
  assert.match(answer, /^HTTP\/1\.1 400/);
  assert.match(answer, /malformed multipart form/);
  assert.equal(await fileRows(server), []);
  assert.is((await allObjects(await driverOf(server, configId))).length, before);
});

test('the whole share lifecycle on s3: streamed upload, proxied and redirected downloads, delete', async () => {
  const created = await admin.files.upload(
    new Blob(['stored in s3']),
    { s3_config_id: configId, path: '/team' },
    { filename: 'note.txt' },
  );
  const record = await admin.files.getById(created.id);
  assert.is(record.s3_config_id, configId);
  assert.ok(await objectExists(server, configId, record.storage_path));

  const view = asView(await server.client().files.getPublic(created.slug));
  const proxied = await fetch(view.download_url, { headers: { range: 'bytes=7-11' } });
  assert.equal([proxied.status, await proxied.text()], [206, 'in s3']);

  await admin.storageConfigs.update(configId, { proxy_downloads: false });
  const redirect = await fetch(view.download_url, { redirect: 'manual' });
  assert.is(redirect.status, 302);
  const location = redirect.headers.get('location')!;
  assert.ok(location.startsWith(s3.endpoint), location);
  const fromS3 = await fetch(location);
  assert.equal([fromS3.status, await fromS3.text()], [200, 'stored in s3']);
  assert.match(fromS3.headers.get('content-disposition') ?? '', /^attachment/);
  const preview = await fetch(view.preview_url, { redirect: 'manual' });
  assert.is(preview.status, 302);
  assert.match(decodeURIComponent(preview.headers.get('location')!), /response-content-disposition=inline/);
  await admin.storageConfigs.update(configId, { proxy_downloads: true });

  await admin.files.remove(created.id);
  assert.not.ok(await objectExists(server, configId, record.storage_path));
});

test('presign, PUT, commit: the share is ready only once the object is proven', async () => {
  const body = 'presigned bytes';
  const p = await admin.files.presign({
    s3_config_id: configId,
    filename: 'p.txt',
    mimetype: 'text/plain',
    size: body.length,
    remark: 'r',
  });
  assert.equal([p.provider_type, p.contentType], ['minio', 'text/plain']);
  assert.ok(
    p.s3_url.endsWith(p.storage_path.split('/').map(encodeURIComponent).join('/')) ||
      p.s3_url.includes('p.txt'),
  );
  assert.is(
    (await rejects(server.client().files.getPublic(p.slug))).status,
    404,
    'pending shares are not public',
  );

  const never = await rejects(admin.files.commit({ file_id: p.file_id }));
  assert.is(never.status, 400);
  assert.match(never.message, /nothing has been uploaded/);

  assert.is((await put(p.upload_url, 'short', p.contentType)).status, 200);
  const mismatch = await rejects(admin.files.commit({ file_id: p.file_id }));
  assert.is(mismatch.status, 409);
  assert.ok(
    (await fileRows(server)).some((r) => r.id === p.file_id && r.status === 'pending'),
    'nothing changed',
  );
  assert.match(
    (await rejects(admin.files.commit({ file_id: p.file_id, storage_path: 'elsewhere' }))).message,
    /storage_path/,
  );

  assert.is((await put(p.upload_url, body, p.contentType)).status, 200);
  const ready = await admin.files.commit({
    file_id: p.file_id,
    s3_config_id: configId,
    storage_path: p.storage_path,
    max_views: 4,
  });
  assert.equal([ready.slug, ready.size, ready.max_views], [p.slug, body.length, 4]);
  assert.equal(
    await admin.files.commit({ file_id: p.file_id }),
    ready,
    'a repeated commit answers the same share',
  );
  const view = asView(await server.client().files.getPublic(p.slug));
  assert.equal([await (await fetch(view.download_url)).text(), view.remark], [body, 'r']);
  const { client: stranger } = await server.keyClient({ file: true });
  assert.is((await rejects(stranger.files.commit({ file_id: p.file_id }))).status, 404);
});

test('a presign never committed is swept with its object', async () => {
  const p = await admin.files.presign({ s3_config_id: configId, filename: 'stale.bin', size: 4 });
  await put(p.upload_url, 'abcd', p.contentType);
  assert.ok(await objectExists(server, configId, p.storage_path));
  await server.app.services.sweepFiles();
  assert.ok(await objectExists(server, configId, p.storage_path), 'not before its deadline');
  await server.app.services.sweepFiles(Date.now() + 3 * 3600_000);
  assert.not.ok(await objectExists(server, configId, p.storage_path));
  assert.not.ok((await fileRows(server)).some((r) => r.id === p.file_id));
});

async function uploadParts(urls: Map<number, string>, bytes: Uint8Array, partSize: number, count: number) {
  const parts = [];
  for (let n = 1; n <= count; n++) {
    const res = await fetch(urls.get(n)!, {
      method: 'PUT',
      body: bytes.subarray((n - 1) * partSize, n * partSize),
    });
    assert.is(res.status, 200);
    parts.push({ partNumber: n, etag: res.headers.get('etag')! });
  }
  return parts;
}

test('multipart: init, real part uploads to s3rver, re-signed parts, complete', async () => {
  const bytes = new Uint8Array(11 * MiB + 123).map((_, i) => (i * 7) % 251);
  const init = await admin.files.multipartInit({
    s3_config_id: configId,
    filename: 'big.bin',
    size: bytes.length,
    slug: 'big-one',
  });
  assert.equal(
    [init.part_size, init.part_count, init.part_urls.length, init.slug],
    [5 * MiB, 3, 3, 'big-one'],
  );
  // A resumed upload asks for fresh URLs of the parts it still needs.
  const resigned = await admin.files.multipartParts({
    file_id: init.file_id,
    upload_id: init.upload_id,
    part_numbers: [3],
  });
  const urls = new Map(init.part_urls.map((p) => [p.partNumber, p.url]));
  urls.set(3, resigned.part_urls[0].url);
  const parts = await uploadParts(urls, bytes, init.part_size, init.part_count);
  const done = await admin.files.multipartComplete({
    file_id: init.file_id,
    upload_id: init.upload_id,
    parts,
    remark: 'm',
  });
  assert.equal([done.slug, done.size], ['big-one', bytes.length]);
  const view = asView(await server.client().files.getPublic('big-one'));
  assert.is(view.remark, 'm');
  assert.is(sha(await (await fetch(view.download_url)).arrayBuffer()), sha(bytes));
  assert.is(
    (
      await rejects(
        admin.files.multipartParts({ file_id: init.file_id, upload_id: init.upload_id, part_numbers: [1] }),
      )
    ).status,
    400,
  );
});

test('multipart: parts that do not add up to the declared size are refused and cleaned up', async () => {
  const bytes = new Uint8Array(11 * MiB);
  const init = await admin.files.multipartInit({
    s3_config_id: configId,
    filename: 'short.bin',
    size: bytes.length,
  });
  const urls = new Map(init.part_urls.map((p) => [p.partNumber, p.url]));
  const parts = await uploadParts(urls, bytes, init.part_size, init.part_count);
  const short = await rejects(
    admin.files.multipartComplete({
      file_id: init.file_id,
      upload_id: init.upload_id,
      parts: parts.slice(0, 2),
    }),
  );
  assert.is(short.status, 409);
  assert.match(short.message, /hold 10485760 bytes, but 11534336 were declared/);
  assert.not.ok((await fileRows(server)).some((r) => r.id === init.file_id));
  assert.not.ok(await objectExists(server, configId, init.storage_path));
  const beyond = await rejects(
    admin.files.multipartParts({ file_id: init.file_id, upload_id: init.upload_id, part_numbers: [1] }),
  );
  assert.is(beyond.status, 404);
});

test('multipart abort: s3rver refuses AbortMultipartUpload, the record is removed anyway, never a 500', async () => {
  const init = await admin.files.multipartInit({
    s3_config_id: configId,
    filename: 'gone.bin',
    size: 6 * MiB,
  });
  await fetch(init.part_urls[0].url, { method: 'PUT', body: new Uint8Array(5 * MiB) });
  const result = await admin.files.multipartAbort({ file_id: init.file_id, upload_id: init.upload_id });
  assert.is(result.aborted, false, 's3rver answers MethodNotAllowed');
  assert.not.ok((await fileRows(server)).some((r) => r.id === init.file_id));
  assert.is(
    (await rejects(admin.files.multipartAbort({ file_id: init.file_id, upload_id: init.upload_id }))).status,
    404,
  );
  const wrongId = await admin.files.multipartInit({ s3_config_id: configId, filename: 'x.bin', size: 10 });
  assert.is(
    (await rejects(admin.files.multipartAbort({ file_id: wrongId.file_id, upload_id: 'not-it' }))).status,
    400,
  );
  await admin.files.multipartAbort({ file_id: wrongId.file_id, upload_id: wrongId.upload_id });
});

test('an API key may only use public storage configs', async () => {
  const hidden = await admin.storageConfigs.create(s3config({ name: 'private', is_public: false }));
  const { client: key } = await server.keyClient({ file: true });
  for (const call of [
    () => key.files.upload(new Blob(['x']), { s3_config_id: hidden.id }),
    () => key.files.presign({ s3_config_id: hidden.id, filename: 'x', size: 1 }),
    () => key.files.multipartInit({ s3_config_id: hidden.id, filename: 'x', size: 1 }),
  ]) {
    const err = await rejects(call());
    assert.equal([err.status, err.message], [403, 'no permission to use this storage config']);
  }
  assert.ok((await key.files.upload(new Blob(['x']), { s3_config_id: configId })).slug);
  assert.ok((await admin.files.upload(new Blob(['x']), { s3_config_id: hidden.id })).slug);
});

test('a config capacity is enforced: insufficient storage names size, remaining and total', async () => {
  const small = await admin.storageConfigs.create(s3config({ name: 'small', total_storage_bytes: 100 }));
  const err = await rejects(admin.files.presign({ s3_config_id: small.id, filename: 'a', size: 150 }));
  assert.is(err.status, 413);
  assert.equal(err.data, { file_size: 150, remaining: 100, total: 100 });
  const before = (await allObjects(await driverOf(server, small.id))).length;
  const direct = await rejects(
    admin.files.upload(new Blob([new Uint8Array(150)]), { s3_config_id: small.id }),
  );
  assert.match(direct.message, /insufficient storage/);
  assert.is((await allObjects(await driverOf(server, small.id))).length, before);
  assert.ok((await admin.files.upload(new Blob([new Uint8Array(60)]), { s3_config_id: small.id })).slug);
  assert.is(
    (await rejects(admin.files.upload(new Blob([new Uint8Array(60)]), { s3_config_id: small.id }))).status,
    413,
  );
});

test.run();
