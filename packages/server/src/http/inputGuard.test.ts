// @clip-databases sqlite postgres
// Input no route may see (issue 9, items 3 and 4): non-finite numbers, NUL bytes and malformed
// percent-escapes are refused with a 400 naming the field, on every route, before anything is written.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allObjects, driverOf, fileRows } from '../routes/files/testing/fileTestKit.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';

let server: TestServer;
let token: string;
test.before(async () => {
  server = await startTestServer();
  token = await server.adminToken();
});
test.after(async () => server?.close());

async function call(
  method: string,
  path: string,
  body?: string | FormData,
): Promise<{ status: number; message: string; success: boolean }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${path}`, { method, headers, body });
  const text = await res.text();
  let env: { message?: string; success?: boolean } = {};
  try {
    env = JSON.parse(text);
  } catch {
    env = { message: `<not JSON: ${text.slice(0, 100)}>` };
  }
  return { status: res.status, message: env.message ?? '', success: env.success ?? true };
}

async function expect400(method: string, path: string, body: string | FormData | undefined, pattern: RegExp) {
  const r = await call(method, path, body);
  assert.is(r.status, 400, `${method} ${path}: ${r.status} ${r.message}`);
  assert.is(r.success, false);
  assert.match(r.message, pattern, `${method} ${path}`);
}

test('expires_in=1e999 on /upload is refused before anything is written', async () => {
  const form = new FormData();
  form.append('s3_config_id', '');
  form.append('path', '');
  form.append('expires_in', '1e999');
  form.append('file', new Blob(['x']), 'x.txt');
  await expect400('POST', '/api/upload', form, /expires_in.*finite/);
  const late = new FormData();
  late.append('file', new Blob(['x']), 'x.txt');
  late.append('expires_in', '-1e400');
  await expect400('POST', '/api/upload', late, /expires_in.*finite/);
  assert.equal(await fileRows(server), []);
  const configId = (await server.app.services.storageConfigs.resolve(null))?.id;
  assert.ok(configId);
  assert.equal(await allObjects(await driverOf(server, configId)), []);
});

test('1e400 in limit, page or offset is refused, not turned into Infinity', async () => {
  for (const q of ['limit=1e400', 'page=1e400', 'offset=1e400', 'limit=-1e400', 'page=NaN'])
    for (const path of ['/api/admin/pastes', '/api/admin/files'])
      await expect400('GET', `${path}?${q}`, undefined, new RegExp(`query\\.${q.split('=')[0]}`));
  // Huge but finite: past 2^53 no database takes it (Postgres answered 500 for OFFSET 1e20).
  for (const path of ['/api/admin/pastes', '/api/admin/files', '/api/user/pastes'])
    await expect400(
      'GET',
      `${path}?offset=1e20`,
      undefined,
      /query\.offset must be at most 9007199254740991/,
    );
  // A number in range still works.
  assert.is((await call('GET', '/api/admin/pastes?limit=1e1')).status, 200);
});

test('non-finite numbers in JSON bodies are refused naming the field', async () => {
  await expect400('POST', '/api/paste', '{"content":"x","expires_in":1e999}', /body\.expires_in.*finite/);
  await expect400(
    'PUT',
    '/api/admin/system-settings',
    '{"max_upload_size":-1e400}',
    /max_upload_size.*finite/,
  );
  await expect400('POST', '/api/paste', '{"content":"x","max_views":[1e999]}', /finite/);
  assert.is((await server.app.services.db.knex('pastes').count({ n: '*' }))[0].n, 0);
});

test('a NUL byte in a URL parameter, a query or a stored field answers 400 (not 500 on Postgres)', async () => {
  for (const [method, path] of [
    ['GET', '/api/admin/files/a%00b'],
    ['DELETE', '/api/admin/files/a%00b'],
    ['GET', '/api/admin/pastes/%00'],
    ['DELETE', '/api/admin/api-keys/x%00'],
    ['GET', '/api/s3-configs/%00'],
    ['DELETE', '/api/s3-configs/%00'],
    ['GET', '/api/paste/ab%00cd'],
    ['GET', '/api/public/files/ab%00cd'],
    ['GET', '/api/file-download/ab%00cd?exp=1&sig=x'],
  ])
    await expect400(method, path, undefined, /NUL/);
  await expect400('PUT', '/api/admin/api-keys/%00', '{"name":"n"}', /NUL/);
  await expect400('GET', '/api/admin/pastes?search=a%00b', undefined, /query\.search.*NUL/);
  await expect400('POST', '/api/paste', '{"content":"a\\u0000b"}', /body\.content.*NUL/);
  await expect400(
    'POST',
    '/api/admin/api-keys',
    '{"name":"k\\u0000","text_permission":true,"file_permission":false,"mount_permission":false}',
    /body\.name.*NUL/,
  );
  await expect400('POST', '/api/s3-configs', '{"name":"x\\u0000","type":"local"}', /NUL/);
  const form = new FormData();
  form.append('s3_config_id', '');
  form.append('path', '');
  form.append('remark', 'bad\u0000remark');
  form.append('file', new Blob(['x']), 'x.txt');
  await expect400('POST', '/api/upload', form, /remark.*NUL/);
  assert.equal(await fileRows(server), []);
});

test('malformed percent-escapes in a path, a query or a URL to fetch answer 400', async () => {
  await expect400('GET', '/api/admin/files/%E0%A4%A', undefined, /percent/);
  await expect400('GET', '/api/paste/%zz', undefined, /percent/);
  await expect400('GET', '/api/admin/pastes?search=%E0%A4%A', undefined, /percent/);
  for (const route of ['/api/url/presign', '/api/url/info'])
    await expect400('POST', route, '{"url":"http://example.com/a%E0%A4%A.bin"}', /body\.url.*percent/);
  await expect400(
    'GET',
    `/api/url/proxy?url=${encodeURIComponent('http://example.com/%zz')}`,
    undefined,
    /percent/,
  );
});

test.run();
