// @clip-databases sqlite postgres
// Issue 9 item 14: no internal detail in error answers, presigned PUTs bound to their size, a changed
// server secret explained, and small JSON bodies everywhere but text shares, refused before auth.
import { request } from 'node:http';
import type { ClipClient } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSecretBox } from './crypto/secretBox.ts';
import { s3rverConfig } from './testing/index.ts';
import { startS3rver, type TestS3 } from './testing/s3rver.ts';
import { startTestServer, type TestServer } from './testing/testServer.ts';

let server: TestServer;
let s3: TestS3;
let admin: ClipClient;
test.before(async () => {
  [server, s3] = await Promise.all([startTestServer(), startS3rver()]);
  admin = await server.adminClient();
});
test.after(async () => {
  await server?.close();
  await s3?.close();
});

const MiB = 1024 * 1024;

/** A raw POST that reads the answer even when the server refuses before reading the whole body. */
function rawPost(
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: { message: string; error?: string } }> {
  const url = new URL(`${server.url}/api${path}`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    // The server may stop reading once it has refused: the answer still arrives.
    req.on('error', (err) => {
      if (
        (err as NodeJS.ErrnoException).code !== 'EPIPE' &&
        (err as NodeJS.ErrnoException).code !== 'ECONNRESET'
      )
        reject(err);
    });
    req.end(body);
  });
}

test('a storage failure answers 502 with a generic message and the request id, never the driver error', async () => {
  const broken = await admin.storageConfigs.create({
    name: 'unreachable',
    provider_type: 'minio',
    endpoint_url: 'http://127.0.0.1:9',
    bucket_name: 'secret-bucket-name',
    access_key_id: 'AKIDEXAMPLE',
    secret_access_key: 'not-a-real-secret',
    is_public: true,
  });
  const form = new FormData();
  form.append('s3_config_id', broken.id);
  form.append('file', new Blob(['bytes']), 'x.txt');
  const res = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await server.adminToken()}` },
    body: form,
  });
  const body = (await res.json()) as { message: string; error: string; data: { request_id: string } };
  assert.is(res.status, 502);
  assert.is(body.error, 'UPSTREAM_FAILED');
  const requestId = res.headers.get('x-request-id')!;
  assert.ok(body.message.includes(`request id ${requestId}`), body.message);
  assert.is(body.data.request_id, requestId);
  for (const leak of ['127.0.0.1', ':9', 'secret-bucket-name', 'ECONNREFUSED', server.dataDir])
    assert.not.ok(body.message.includes(leak), `the answer leaks "${leak}": ${body.message}`);
  assert.equal(await server.app.services.db.knex('file_shares').select('id'), [], 'nothing half-written');
  await admin.storageConfigs.remove(broken.id);
});

test('a presigned PUT is signed with its exact Content-Length; a commit of another size is refused', async () => {
  const config = await admin.storageConfigs.create(s3rverConfig(s3));
  const signed = await admin.files.presign({ s3_config_id: config.id, filename: 'five.txt', size: 5 });
  // Real S3 refuses a PUT whose Content-Length differs from the signed one (s3rver does not check).
  assert.match(new URL(signed.upload_url).searchParams.get('X-Amz-SignedHeaders') ?? '', /content-length/);
  const tooLong = await fetch(signed.upload_url, { method: 'PUT', body: '123456' });
  await tooLong.arrayBuffer();
  const refused = await fetch(`${server.url}/api/s3/commit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await server.adminToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ file_id: signed.file_id }),
  });
  assert.is(refused.status, 409);
  await refused.arrayBuffer();
  const exact = await fetch(signed.upload_url, { method: 'PUT', body: '12345' });
  await exact.arrayBuffer();
  assert.is(exact.status, 200);
  assert.is((await admin.files.commit({ file_id: signed.file_id })).size, 5);
});

test('keys sealed with another server secret: listing them answers 409 naming CLIP_SECRET, not 500', async () => {
  const created = await admin.apiKeys.create({ name: 'old secret', text_permission: true });
  const knex = server.app.services.db.knex;
  const before = await knex('api_keys').where({ id: created.id }).first('key_sealed');
  await knex('api_keys')
    .where({ id: created.id })
    .update({ key_sealed: createSecretBox('a-different-server-secret').seal(created.key) });
  const res = await fetch(`${server.url}/api/admin/api-keys`, {
    headers: { authorization: `Bearer ${await server.adminToken()}` },
  });
  const body = (await res.json()) as { message: string; success: boolean };
  assert.is(res.status, 409);
  assert.is(body.success, false);
  assert.match(body.message, /CLIP_SECRET/);
  // The key itself still works: it is looked up by its hash.
  assert.ok((await server.client({ type: 'apikey', key: created.key }).auth.verifyApiKey()).permissions.text);
  await knex('api_keys').where({ id: created.id }).update(before);
  // An S3 config whose secret was sealed under another secret: using it says the same.
  const config = await admin.storageConfigs.create({
    name: 'sealed elsewhere',
    provider_type: 'minio',
    endpoint_url: 'http://127.0.0.1:9',
    bucket_name: 'bucket',
    access_key_id: 'AKIDEXAMPLE',
    secret_access_key: 'the-secret',
    is_public: true,
  });
  await knex('storage_configs')
    .where({ id: config.id })
    .update({ secret_access_key_sealed: createSecretBox('a-different-server-secret').seal('the-secret') });
  const form = new FormData();
  form.append('s3_config_id', config.id);
  form.append('file', new Blob(['x']), 'x.txt');
  const upload = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await server.adminToken()}` },
    body: form,
  });
  assert.is(upload.status, 409);
  assert.match(((await upload.json()) as { message: string }).message, /CLIP_SECRET/);
  await admin.storageConfigs.remove(config.id);
});

test('JSON bodies over 1 MiB are refused with 413 before auth; text shares keep the text size limit', async () => {
  const big = JSON.stringify({ username: 'admin', password: 'x'.repeat(2 * MiB) });
  for (const path of ['/admin/login', '/admin/pastes/batch-delete', '/s3/presign']) {
    const res = await rawPost(path, big);
    assert.is(res.status, 413, `${path}: ${res.status}`);
    assert.is(res.json.error, 'PAYLOAD_TOO_LARGE');
  }
  const text = JSON.stringify({ content: 'y'.repeat(2 * MiB) });
  // Without a credential a text share body is not even read.
  const anonymous = await rawPost('/paste', text);
  assert.is(anonymous.status, 401);
  const token = await server.adminToken();
  const made = await rawPost('/paste', text, { authorization: `Bearer ${token}` });
  assert.is(made.status, 201);
  const id = (made.json as unknown as { data: { id: string } }).data.id;
  const updated = await fetch(`${server.url}/api/admin/pastes/${id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'z'.repeat(3 * MiB) }),
  });
  assert.is(updated.status, 200);
  await admin.pastes.remove(id);
});

test.run();
