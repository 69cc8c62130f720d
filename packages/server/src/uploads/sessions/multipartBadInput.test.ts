// @clip-databases sqlite postgres
// Bad input on every resumable-upload route answers a 4xx envelope naming the problem, never a 5xx.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { localMount } from '../../testing/mounts.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';

let server: TestServer;
let token: string;

test.before(async () => {
  server = await startTestServer();
  token = await server.adminToken();
  await localMount(server, { path: '/bad', name: 'bad', root: 'bad' });
});

test.after(async () => {
  await server?.close();
});

async function call(
  method: string,
  path: string,
  body?: unknown,
  raw?: string,
): Promise<{ status: number; message: string; code: number }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined || raw !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers,
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const json = (await res.json()) as { code: number; message: string };
  return { status: res.status, message: json.message, code: json.code };
}

const init = '/admin/fs/multipart/init';
const cases: [string, string, string, unknown, RegExp, number?][] = [
  ['init without a body', 'POST', init, undefined, /body/, 400],
  ['init without path', 'POST', init, { filename: 'a', fileSize: 1 }, /body\.path is required/],
  ['init with fileSize 0', 'POST', init, { path: '/bad', filename: 'a', fileSize: 0 }, /fileSize/],
  ['init with a string fileSize', 'POST', init, { path: '/bad', filename: 'a', fileSize: '9' }, /fileSize/],
  // A part size the client asks for: whole MiB from 5 to 64 MiB.
  [
    'init with a 4 MiB partSize',
    'POST',
    init,
    { path: '/bad', filename: 'a', fileSize: 9, partSize: 4 * 1024 * 1024 },
    /partSize/,
  ],
  [
    'init with a 65 MiB partSize',
    'POST',
    init,
    { path: '/bad', filename: 'a', fileSize: 9, partSize: 65 * 1024 * 1024 },
    /partSize/,
  ],
  [
    'init with a partSize not in whole MiB',
    'POST',
    init,
    { path: '/bad', filename: 'a', fileSize: 9, partSize: 6 * 1024 * 1024 + 1 },
    /partSize/,
  ],
  [
    'init with a string partSize',
    'POST',
    init,
    { path: '/bad', filename: 'a', fileSize: 9, partSize: '8388608' },
    /partSize/,
  ],
  [
    'init with a relative path',
    'POST',
    init,
    { path: 'bad', filename: 'a', fileSize: 9 },
    /must start with "\/"/,
  ],
  ['init with a dot-dot path', 'POST', init, { path: '/bad/../x', filename: 'a', fileSize: 9 }, /"\.\."/],
  [
    'init with a slash in the name',
    'POST',
    init,
    { path: '/bad', filename: 'a/b', fileSize: 9 },
    /not a valid file name/,
  ],
  [
    'init with NUL in the name',
    'POST',
    init,
    { path: '/bad', filename: 'a\u0000', fileSize: 9 },
    // Refused by the app-wide input guard before the route runs.
    /NUL byte/,
    400,
  ],
  [
    'init with an unknown field',
    'POST',
    init,
    { path: '/bad', filename: 'a', fileSize: 9, x: 1 },
    /body\.x is not a known field/,
  ],
  [
    'init with a bad content type',
    'POST',
    init,
    { path: '/bad', filename: 'a', fileSize: 9, contentType: 'nope' },
    /not a valid content type/,
  ],
  ['init above the mounts', 'POST', init, { path: '/', filename: 'a', fileSize: 9 }, /./, 400],
  [
    'part without uploadId',
    'POST',
    '/admin/fs/multipart/part?partNumber=1',
    undefined,
    /query\.uploadId is required/,
  ],
  [
    'part with a non-numeric partNumber',
    'POST',
    '/admin/fs/multipart/part?uploadId=x&partNumber=abc',
    undefined,
    /partNumber/,
  ],
  [
    'part with partNumber 10001',
    'POST',
    '/admin/fs/multipart/part?uploadId=x&partNumber=10001',
    undefined,
    /partNumber/,
  ],
  [
    'part of an unknown upload',
    'POST',
    '/admin/fs/multipart/part?uploadId=x&partNumber=1',
    undefined,
    /not found/,
    404,
  ],
  ['status without uploadId', 'GET', '/admin/fs/multipart/status', undefined, /uploadId is required/],
  ['complete without uploadId', 'POST', '/admin/fs/multipart/complete', {}, /body\.uploadId is required/],
  [
    'complete with part 0',
    'POST',
    '/admin/fs/multipart/complete',
    { uploadId: 'x', parts: [{ partNumber: 0 }] },
    /partNumber/,
  ],
  [
    'complete of an unknown upload',
    'POST',
    '/admin/fs/multipart/complete',
    { uploadId: 'x' },
    /not found/,
    404,
  ],
  ['abort with a numeric uploadId', 'POST', '/admin/fs/multipart/abort', { uploadId: 5 }, /uploadId/],
  [
    'presign without fileName',
    'POST',
    '/admin/fs/presign',
    { path: '/bad', fileSize: 1 },
    /body\.fileName is required/,
  ],
  [
    'presign into local storage',
    'POST',
    '/admin/fs/presign',
    { path: '/bad', fileName: 'a', fileSize: 1 },
    /does not support presigned upload/,
  ],
  ['commit without uploadId', 'POST', '/admin/fs/presign/commit', {}, /body\.uploadId is required/],
  ['commit of an unknown upload', 'POST', '/admin/fs/presign/commit', { uploadId: 'nope' }, /not found/, 404],
];

for (const [name, method, path, body, message, status] of cases) {
  test(name, async () => {
    const r = await call(method, path, body);
    if (status !== undefined) assert.is(r.status, status, r.message);
    else assert.ok(r.status >= 400 && r.status < 500, `${r.status} ${r.message}`);
    assert.ok(r.status < 500, `${r.status} ${r.message}`);
    assert.is(r.code, r.status);
    assert.match(r.message, message);
  });
}

test('a body that is not JSON', async () => {
  const r = await call('POST', init, undefined, '{nope');
  assert.is(r.status, 400);
});

test('keys without mount permission are refused on /user/fs; no auth is 401', async () => {
  const { key } = await server.keyClient({ file: true });
  const res = await fetch(`${server.url}/api/user/fs/multipart/init`, {
    method: 'POST',
    headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ path: '/bad', filename: 'a', fileSize: 9 }),
  });
  assert.is(res.status, 403);
  const anon = await fetch(`${server.url}/api/admin/fs/multipart/status?uploadId=x`);
  assert.is(anon.status, 401);
});

test.run();
