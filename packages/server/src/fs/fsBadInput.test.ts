// @clip-databases sqlite postgres
/** Bad input on every fs route answers a 4xx envelope naming the problem: never a 5xx, nothing written. */
import { connect } from 'node:net';
import type { FsListResult } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer } from '../testing/testServer.ts';
import { type FsKit, startFsKit } from './testing/fsTestKit.ts';

let kit: FsKit;
test.before(async () => {
  kit = await startFsKit(startTestServer());
  await kit.mount({ mount_path: '/bad', cache_ttl: 0, root_prefix: 'bad-input' });
  await kit.call('admin', 'POST', '/admin/fs/update', { path: '/bad/a.txt', content: 'a' });
});
test.after(async () => kit?.close());

type Case = [method: string, path: string, body: unknown, message: RegExp];

const GETS = ['list', 'get', 'download', 'preview', 'file-link'];

function cases(base: string): Case[] {
  const out: Case[] = [];
  for (const r of GETS) {
    out.push(['GET', `${base}/${r}`, undefined, /path is required/]);
    out.push(['GET', `${base}/${r}?path=`, undefined, /path/]);
    out.push(['GET', `${base}/${r}?path=bad`, undefined, /must start with/]);
    out.push(['GET', `${base}/${r}?path=/bad/%2e%2e/x`, undefined, /\.\./]);
    out.push(['GET', `${base}/${r}?path=/bad/a%00`, undefined, /NUL/]);
    out.push(['GET', `${base}/${r}?path=/bad&path=/x`, undefined, /path/]);
    out.push(['GET', `${base}/${r}?path=/bad&nope=1`, undefined, /nope/]);
  }
  out.push(['GET', `${base}/list?path=/bad/${'n'.repeat(256)}`, undefined, /255 bytes/]);
  out.push(['GET', `${base}/get?path=/bad${'/abcdefgh'.repeat(120)}`, undefined, /1024 bytes/]);
  out.push(['POST', `${base}/mkdir`, { path: `/bad/${'é'.repeat(128)}` }, /255 bytes/]);
  out.push(['GET', `${base}/list?path=/bad&limit=0`, undefined, /limit/]);
  out.push(['GET', `${base}/list?path=/bad&limit=1001`, undefined, /limit/]);
  out.push(['GET', `${base}/list?path=/bad&limit=x`, undefined, /limit/]);
  out.push(['GET', `${base}/list?path=/bad&cursor=garbage`, undefined, /cursor/]);
  out.push(['GET', `${base}/list?path=/bad&refresh=maybe`, undefined, /refresh/]);
  out.push(['GET', `${base}/list?path=/bad/a.txt`, undefined, /not a folder/]);
  out.push(['GET', `${base}/file-link?path=/bad/a.txt&expires_in=0`, undefined, /expires_in/]);
  out.push(['GET', `${base}/file-link?path=/bad/a.txt&expires_in=-5`, undefined, /expires_in/]);
  out.push(['GET', `${base}/file-link?path=/bad/a.txt&force_download=perhaps`, undefined, /force_download/]);
  out.push(['GET', `${base}/download?path=/nomount/x.txt`, undefined, /not inside a mount|not found/]);
  out.push(['POST', `${base}/mkdir`, {}, /path is required/]);
  out.push(['POST', `${base}/mkdir`, { path: 5 }, /path/]);
  out.push(['POST', `${base}/mkdir`, { path: '/bad/x/../y' }, /\.\./]);
  out.push(['POST', `${base}/mkdir`, { path: '/bad\\y' }, /\\/]);
  out.push(['POST', `${base}/mkdir`, { path: '/bad/y', extra: 1 }, /extra/]);
  out.push(['POST', `${base}/mkdir`, { path: '/virtual-only' }, /not inside a mount/]);
  out.push(['POST', `${base}/mkdir`, [], /JSON object/]);
  out.push(['DELETE', `${base}/remove`, undefined, /path is required/]);
  out.push(['DELETE', `${base}/remove?path=/bad/..`, undefined, /\.\./]);
  out.push(['DELETE', `${base}/remove?path=/bad`, undefined, /mount's root/]);
  out.push(['DELETE', `${base}/remove?path=/`, undefined, /not inside a mount/]);
  out.push(['POST', `${base}/batch-remove`, {}, /paths is required/]);
  out.push(['POST', `${base}/batch-remove`, { paths: [] }, /paths/]);
  out.push(['POST', `${base}/batch-remove`, { paths: 'x' }, /paths/]);
  out.push(['POST', `${base}/batch-remove`, { paths: [3] }, /paths/]);
  out.push(['POST', `${base}/rename`, { oldPath: '/bad/a.txt' }, /newPath is required/]);
  out.push(['POST', `${base}/rename`, { oldPath: '/bad/a.txt', newPath: 'b.txt' }, /must start with/]);
  out.push(['POST', `${base}/rename`, { oldPath: '/bad/a.txt', newPath: '/bad/../b.txt' }, /\.\./]);
  out.push(['POST', `${base}/rename`, { oldPath: '/bad', newPath: '/bad2' }, /mount's root/]);
  out.push(['POST', `${base}/rename`, { oldPath: '/bad/none', newPath: '/bad/b' }, /not found/]);
  out.push(['POST', `${base}/update`, { path: '/bad/a.txt' }, /content is required/]);
  out.push(['POST', `${base}/update`, { path: '/bad/a.txt', content: 1 }, /content/]);
  out.push(['POST', `${base}/update`, { path: '/bad', content: 'x' }, /mount's root/]);
  out.push(['POST', `${base}/update`, { path: '/bad/no/dir.txt', content: 'x' }, /does not exist/]);
  return out;
}

async function send(method: string, path: string, body: unknown) {
  const res = await kit.raw('admin', method, path, {
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
  const text = await res.text();
  return { status: res.status, text };
}

test('every fs route: bad input is a 4xx envelope naming the problem', async () => {
  for (const [method, path, body, message] of cases('/admin/fs')) {
    const { status, text } = await send(method, path, body);
    const what = `${method} ${path} ${JSON.stringify(body) ?? ''} -> ${status} ${text.slice(0, 200)}`;
    assert.ok(status >= 400 && status < 500, what);
    const env = JSON.parse(text) as { success: boolean; message: string };
    assert.is(env.success, false, what);
    assert.match(env.message, message, what);
  }
});

test('malformed JSON and wrong content types are 4xx', async () => {
  const res = await kit.raw('admin', 'POST', '/admin/fs/mkdir', {
    body: '{"path":',
    headers: { 'content-type': 'application/json' },
  });
  assert.is(res.status, 400);
  const upload = await kit.raw('admin', 'POST', '/admin/fs/upload', {
    body: JSON.stringify({ path: '/bad' }),
    headers: { 'content-type': 'application/json' },
  });
  assert.is(upload.status, 400);
  assert.match(((await upload.json()) as { message: string }).message, /multipart\/form-data/);
});

test('upload: missing file, wrong field name, bad names, bad folder are 4xx and write nothing', async () => {
  const file = (name: string): [string, Blob, string] => [name, new Blob(['x']), 'x.txt'];
  const forms: [([string, string] | [string, Blob, string])[], RegExp][] = [
    [[['path', '/bad']], /no "file" part/],
    [[file('file')], /no "path" field/],
    [[['path', '/bad'], file('other')], /named "file"/],
    [[['path', '/bad/../x'], file('file')], /\.\./],
    [[file('file'), ['path', 'relative']], /must start with/],
    [[['path', '/nomount'], file('file')], /not inside a mount/],
  ];
  for (const [fields, message] of forms) {
    const form = new FormData();
    for (const f of fields) {
      if (f.length === 3) form.append(f[0], f[1], f[2]);
      else form.append(f[0], f[1]);
    }
    const res = await kit.raw('admin', 'POST', '/admin/fs/upload', { body: form });
    const text = await res.text();
    assert.ok(res.status >= 400 && res.status < 500, `${message} -> ${res.status} ${text}`);
    assert.match((JSON.parse(text) as { message: string }).message, message, text);
  }
  const listed = await kit.call<FsListResult>('admin', 'GET', '/admin/fs/list?path=/bad');
  assert.equal(
    listed.body.data.items.map((i) => i.name),
    ['a.txt'],
  );
});

test('upload: garbage and cut-short forms are 400, the server stays up, nothing is written', async () => {
  const garbage = await kit.raw('admin', 'POST', '/admin/fs/upload', {
    headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    body: '123',
  });
  assert.is(garbage.status, 400);
  assert.match(((await garbage.json()) as { message: string }).message, /malformed multipart form/);

  // Both field orders (streamed to storage, spooled), each body cut before its closing boundary.
  for (const [i, order] of (['path-first', 'file-first'] as const).entries()) {
    const boundary = `cut${i}`;
    const pathField = `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n/bad\r\n`;
    const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut-${i}.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const body = `${order === 'path-first' ? pathField + fileHead : fileHead}${'x'.repeat(64 * 1024)}`;
    const socket = connect(Number(new URL(kit.server.url).port), '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    let answer = '';
    socket.on('data', (d) => (answer += d));
    const answered = new Promise<void>((r) => socket.on('data', () => answer.includes('\r\n\r\n') && r()));
    // The body is whole as far as Content-Length goes, but the form never reaches its closing boundary.
    socket.write(
      `POST /api/admin/fs/upload HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${kit.adminToken}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    await answered;
    socket.destroy();
    assert.match(answer, /^HTTP\/1.1 400/, `${order}: ${answer.slice(0, 200)}`);
    assert.is((await kit.raw(null, 'GET', '/health')).status, 200);
    const got = await kit.call('admin', 'GET', `/admin/fs/get?path=/bad/cut-${i}.bin`);
    assert.is(got.status, 404, `${order}: a cut upload left an object`);
  }
});

test('upload past max_upload_size is 413 and leaves nothing', async () => {
  const set = await kit.call('admin', 'PUT', '/admin/system-settings', { max_upload_size: 1 });
  assert.ok(set.status < 300, JSON.stringify(set.body));
  for (const order of ['path-first', 'file-first']) {
    const form = new FormData();
    if (order === 'path-first') form.append('path', '/bad');
    form.append('file', new Blob([new Uint8Array(1024 * 1024 + 10)]), 'big.bin');
    if (order === 'file-first') form.append('path', '/bad');
    const res = await kit.raw('admin', 'POST', '/admin/fs/upload', { body: form });
    assert.is(res.status, 413, `${order}: ${await res.text()}`);
  }
  const listed = await kit.call<FsListResult>('admin', 'GET', '/admin/fs/list?path=/bad');
  assert.equal(
    listed.body.data.items.map((i) => i.name),
    ['a.txt'],
  );
});

test('signed links: a bad or expired signature is 403, a bad query 400', async () => {
  const by = 'by=admin:00000000-0000-0000-0000-000000000000';
  const cases: [string, number][] = [
    [`/fs/download?path=/bad/a.txt&${by}&exp=9999999999&sig=abc`, 403],
    [`/fs/preview?path=/bad/a.txt&${by}&exp=1&sig=abc`, 403],
    ['/fs/download?path=/bad/a.txt', 400],
    ['/fs/download?path=/bad/a.txt&exp=9999999999&sig=abc', 400],
    ['/fs/download?path=/bad/a.txt&by=someone&exp=9999999999&sig=abc', 400],
    [`/fs/download?path=/bad/a.txt&${by}&exp=x&sig=abc`, 400],
    [`/fs/download?path=/bad/../a.txt&${by}&exp=9999999999&sig=abc`, 403],
  ];
  for (const [path, status] of cases) {
    const res = await kit.raw(null, 'GET', path);
    assert.is(res.status, status, `${path}: ${await res.text()}`);
  }
  // Signed PUT links (client-side copy into local storage): the same answers, never a 500.
  const n = 'n=AAAAAAAAAAAAAAAAAAAAAAAA';
  const puts: [string, number][] = [
    [`/fs/put?path=/bad/n.txt&size=1&${by}&${n}&exp=9999999999&sig=abc`, 403],
    [`/fs/put?path=/bad/n.txt&size=1&${by}&${n}&exp=1&sig=abc`, 403],
    [`/fs/put?path=/bad/n.txt&${by}&${n}&exp=9999999999&sig=abc`, 400],
    [`/fs/put?path=/bad/n.txt&size=1&${by}&exp=9999999999&sig=abc`, 400],
    [`/fs/put?path=/bad/n.txt&size=-1&${by}&${n}&exp=9999999999&sig=abc`, 400],
    [`/fs/put?path=/bad/../n.txt&size=1&${by}&${n}&exp=9999999999&sig=abc`, 403],
  ];
  for (const [path, status] of puts) {
    const res = await kit.raw(null, 'PUT', path, { body: 'x' });
    const text = await res.text();
    assert.is(res.status, status, `${path}: ${text}`);
    assert.ok((JSON.parse(text) as { message: string }).message, 'an envelope with a message');
  }
  const after = await kit.call<FsListResult>('admin', 'GET', '/admin/fs/list?path=/bad&refresh=true');
  assert.ok(!after.body.data.items.some((i) => i.name === 'n.txt'), 'nothing written');
});

test('the user routes mirror the admin ones', async () => {
  const { key } = await kit.server.keyClient({ mount: true, basic_path: '/' });
  for (const [method, path, body, message] of cases('/user/fs')) {
    const res = await kit.raw(key, method, path, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    });
    const text = await res.text();
    assert.ok(res.status >= 400 && res.status < 500, `${method} ${path} -> ${res.status} ${text}`);
    assert.match(
      (JSON.parse(text) as { message: string }).message,
      message,
      `${method} ${path} ${JSON.stringify(body)} ${text}`,
    );
  }
});

test.run();
