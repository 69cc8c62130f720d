// @clip-databases sqlite postgres
/**
 * Path shares over HTTP on a local and an s3rver mount: create and manage, the counted visit, the token,
 * list, download and ZIP inside the share, the password, expiry, and the view limit under concurrency.
 */
import type { PathShareRecord, PathShareVisit } from '@clip/sdk';
import { unzipSync } from 'fflate';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { offsetClock } from '../../clock.ts';
import { localMount, type MountUnderTest, s3Mount } from '../../testing/mounts.ts';
import { startS3rver, type TestS3 } from '../../testing/s3rver.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { call, fetchBytes } from './testing/pathShareTestKit.ts';

const clock = offsetClock();
let server: TestServer;
let s3: TestS3;
let admin: string;
let mounts: MountUnderTest[];

test.before(async () => {
  s3 = await startS3rver();
  server = await startTestServer({}, { clock });
  admin = `Bearer ${await server.adminToken()}`;
  mounts = [await localMount(server, { path: '/loc' }), await s3Mount(server, s3, '/s3')];
  const fs = (await server.adminClient()).fs;
  for (const m of mounts) {
    for (const dir of ['docs/sub/deep', 'docs/empty', 'docs2'])
      await fs.mkdir(`${m.path}/${dir}`, { create_parents: true });
    await fs.update(`${m.path}/docs/readme.txt`, 'hello from docs');
    await fs.update(`${m.path}/docs/sub/deep/é 文件.txt`, 'unicode name');
    await fs.update(`${m.path}/docs/b.txt`, 'bbb');
    await fs.update(`${m.path}/docs/a.txt`, 'aaa');
    await fs.update(`${m.path}/docs2/secret.txt`, 'sibling secret');
    await fs.update(`${m.path}/single.txt`, 'just one file');
  }
});
test.after(async () => {
  await server?.close();
  await s3?.close();
});

const create = (body: object, auth = admin) =>
  call<PathShareRecord>(server, 'POST', '/admin/path-shares', { body, auth });
const visit = (slug: string, token?: string, auth?: string) =>
  call<PathShareVisit>(server, 'GET', `/public/s/${slug}`, { token, auth });
const viewsOf = async (id: string) =>
  (await call<PathShareRecord>(server, 'GET', `/admin/path-shares/${id}`, { auth: admin })).body.data.views;

for (const kind of ['local', 's3'] as const) {
  const mount = () => mounts.find((m) => m.kind === kind)!;

  test(`${kind}: a folder share answers its record, lists inside itself and downloads`, async () => {
    const made = await create({ path: `${mount().path}/docs/`, remark: 'team docs' });
    assert.is(made.status, 201);
    const share = made.body.data;
    assert.is(share.path, `${mount().path}/docs`);
    assert.is(share.kind, 'folder');
    assert.is(share.url, `${server.url}/s/${share.slug}`);
    assert.is(share.requires_password, false);
    assert.is(share.expires_at, null);

    const visited = await visit(share.slug);
    assert.is(visited.status, 200);
    assert.equal(
      { ...visited.body.data, token: undefined },
      {
        slug: share.slug,
        kind: 'folder',
        name: 'docs',
        requires_password: false,
        expires_at: null,
        token: undefined,
      },
    );
    const token = visited.body.data.token!;
    assert.ok(token);

    const root = await call<{ path: string; items: { name: string; path: string; type: string }[] }>(
      server,
      'GET',
      `/public/s/${share.slug}/list?path=/`,
      { token },
    );
    assert.is(root.status, 200);
    assert.is(root.body.data.path, '/');
    assert.equal(root.body.data.items.map((i) => i.path).sort(), [
      '/a.txt',
      '/b.txt',
      '/empty',
      '/readme.txt',
      '/sub',
    ]);
    const deep = await call<{ items: { name: string; path: string }[] }>(
      server,
      'GET',
      `/public/s/${share.slug}/list?path=${encodeURIComponent('/sub/deep')}`,
      { token },
    );
    assert.equal(
      deep.body.data.items.map((i) => i.path),
      ['/sub/deep/é 文件.txt'],
    );

    const file = await fetchBytes(server, `/public/s/${share.slug}/download?path=/readme.txt&token=${token}`);
    assert.is(file.status, 200);
    assert.is(file.bytes.toString(), 'hello from docs');
    assert.is(file.headers.get('x-content-type-options'), 'nosniff');
    assert.match(file.headers.get('content-disposition') ?? '', /^attachment/);
    assert.ok(file.headers.get('etag'));
    const ranged = await fetchBytes(server, `/public/s/${share.slug}/download?path=/readme.txt`, {
      'x-share-token': token,
      range: 'bytes=6-9',
    });
    assert.is(ranged.status, 206);
    assert.is(ranged.bytes.toString(), 'from');
    // The visit counted one view; the list and downloads made with its token counted none.
    assert.is(await viewsOf(share.id), 1);
  });

  test(`${kind}: the ZIP holds the folder, Unicode names flagged, nested folders, stable order`, async () => {
    const share = (await create({ path: `${mount().path}/docs` })).body.data;
    const token = (await visit(share.slug)).body.data.token!;
    const zip = await fetchBytes(server, `/public/s/${share.slug}/zip?token=${token}`);
    assert.is(zip.status, 200);
    assert.is(zip.headers.get('content-type'), 'application/zip');
    assert.is(Number(zip.headers.get('content-length')), zip.bytes.length);
    assert.match(zip.headers.get('content-disposition') ?? '', /filename="docs\.zip"/);
    const entries = unzipSync(new Uint8Array(zip.bytes));
    assert.equal(Object.keys(entries), [
      'docs/',
      'docs/a.txt',
      'docs/b.txt',
      'docs/empty/',
      'docs/readme.txt',
      'docs/sub/',
      'docs/sub/deep/',
      'docs/sub/deep/é 文件.txt',
    ]);
    assert.is(Buffer.from(entries['docs/sub/deep/é 文件.txt']).toString(), 'unicode name');
    // General purpose bit 11 (names are UTF-8) on the first local header.
    assert.is(zip.bytes.readUInt16LE(6) & 0x0800, 0x0800);
    const again = await fetchBytes(server, `/public/s/${share.slug}/zip?path=/sub&token=${token}`);
    assert.equal(Object.keys(unzipSync(new Uint8Array(again.bytes))), [
      'sub/',
      'sub/deep/',
      'sub/deep/é 文件.txt',
    ]);
  });

  test(`${kind}: a file share downloads without a path and refuses list and ZIP`, async () => {
    const share = (await create({ path: `${mount().path}/single.txt` })).body.data;
    assert.is(share.kind, 'file');
    const visited = await visit(share.slug);
    assert.is(visited.body.data.name, 'single.txt');
    const token = visited.body.data.token!;
    const file = await fetchBytes(server, `/public/s/${share.slug}/download?token=${token}`);
    assert.is(file.bytes.toString(), 'just one file');
    assert.is((await call(server, 'GET', `/public/s/${share.slug}/list`, { token })).status, 400);
    assert.is((await fetchBytes(server, `/public/s/${share.slug}/zip?token=${token}`)).status, 400);
    assert.is(
      (await fetchBytes(server, `/public/s/${share.slug}/download?path=/x&token=${token}`)).status,
      400,
    );
  });
}

test('a protected share: 401 requires_password, verify counts the view and answers the token', async () => {
  const share = (await create({ path: '/loc/docs', password: 'open sesame', max_views: 5 })).body.data;
  assert.is(share.requires_password, true);
  const locked = await visit(share.slug);
  assert.is(locked.status, 401);
  assert.equal(locked.body.data, { requires_password: true });
  assert.is((await call(server, 'GET', `/public/s/${share.slug}/list`)).status, 401);
  const wrong = await call(server, 'POST', `/public/s/${share.slug}/verify`, { body: { password: 'nope' } });
  assert.is(wrong.status, 401);
  assert.is(await viewsOf(share.id), 0);
  const right = await call<{ token: string }>(server, 'POST', `/public/s/${share.slug}/verify`, {
    body: { password: 'open sesame' },
  });
  assert.is(right.status, 200);
  const { token } = right.body.data;
  assert.is(await viewsOf(share.id), 1);
  const withToken = await visit(share.slug, token);
  assert.is(withToken.status, 200);
  assert.is(withToken.body.data.requires_password, true);
  assert.is((await call(server, 'GET', `/public/s/${share.slug}/list`, { token })).status, 200);
  assert.is(await viewsOf(share.id), 1);
  // A new password voids the tokens handed out for the old one.
  await call(server, 'PUT', `/admin/path-shares/${share.id}`, { auth: admin, body: { password: 'new one' } });
  assert.is((await call(server, 'GET', `/public/s/${share.slug}/list`, { token })).status, 401);
});

test('the view limit is exact under concurrency; the tokens handed out keep working for their hour', async () => {
  const share = (await create({ path: '/s3/docs', max_views: 3 })).body.data;
  const visits = await Promise.all(Array.from({ length: 12 }, () => visit(share.slug)));
  const ok = visits.filter((v) => v.status === 200);
  assert.is(ok.length, 3);
  assert.ok(visits.filter((v) => v.status !== 200).every((v) => v.status === 410));
  assert.is(await viewsOf(share.id), 3);
  const token = ok[0].body.data.token!;
  assert.is((await call(server, 'GET', `/public/s/${share.slug}/list`, { token })).status, 200);
  assert.is((await visit(share.slug, token)).status, 200);
  assert.is((await visit(share.slug)).status, 410);
  clock.advance(61 * 60 * 1000);
  assert.is((await call(server, 'GET', `/public/s/${share.slug}/list`, { token })).status, 401);
});

test('expiry: expires_in seconds, 410 once past, -1 and 0 mean never', async () => {
  const share = (await create({ path: '/loc/docs', expires_in: 60 })).body.data;
  assert.is(Date.parse(share.expires_at!) - clock.now() <= 60_000, true);
  const token = (await visit(share.slug)).body.data.token!;
  clock.advance(61_000);
  assert.is((await visit(share.slug)).status, 410);
  assert.is((await call(server, 'GET', `/public/s/${share.slug}/list`, { token })).status, 410);
  assert.is((await create({ path: '/loc/docs', expires_in: -1 })).body.data.expires_at, null);
  assert.is((await create({ path: '/loc/docs', expires_in: 0 })).body.data.expires_at, null);
  assert.is((await create({ path: '/loc/docs', expires_in: -2 })).status, 400);
});

test('a HEAD (a link checker) counts no view and reads no archive', async () => {
  const share = (await create({ path: '/loc/docs', max_views: 1 })).body.data;
  const head = await fetch(`${server.url}/api/public/s/${share.slug}`, { method: 'HEAD' });
  assert.is(head.status, 200);
  assert.is(await viewsOf(share.id), 0);
  const token = (await visit(share.slug)).body.data.token!;
  assert.is(await viewsOf(share.id), 1);
  assert.is((await fetch(`${server.url}/api/public/s/${share.slug}`, { method: 'HEAD' })).status, 410);
  const zipHead = await fetch(`${server.url}/api/public/s/${share.slug}/zip?token=${token}`, {
    method: 'HEAD',
  });
  assert.is(zipHead.status, 200);
  assert.is(zipHead.headers.get('content-type'), 'application/zip');
  assert.is((await fetch(`${server.url}/api/public/s/missing-one`, { method: 'HEAD' })).status, 404);
});

test('a visitor who leaves mid-ZIP leaves the server serving', async () => {
  const share = (await create({ path: '/s3/docs' })).body.data;
  const token = (await visit(share.slug)).body.data.token!;
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/public/s/${share.slug}/zip?token=${token}`, {
    signal: controller.signal,
  });
  assert.is(res.status, 200);
  controller.abort();
  await res.body?.cancel().catch(() => undefined);
  const again = await fetchBytes(server, `/public/s/${share.slug}/zip?token=${token}`);
  assert.is(again.status, 200);
  assert.is(Object.keys(unzipSync(new Uint8Array(again.bytes))).length, 8);
});

test("the owner's own requests count no view and need no token", async () => {
  const share = (await create({ path: '/loc/docs', password: 'pw', max_views: 1 })).body.data;
  const own = await visit(share.slug, undefined, admin);
  assert.is(own.status, 200);
  assert.ok(own.body.data.token);
  assert.is((await call(server, 'GET', `/public/s/${share.slug}/list`, { auth: admin })).status, 200);
  assert.is(await viewsOf(share.id), 0);
});

test('create refuses what is not there or malformed; slugs are unique; management pages and filters', async () => {
  assert.is((await create({ path: '/loc/nothing-here' })).status, 404);
  assert.is((await create({ path: '/loc/../s3/docs' })).status, 400);
  assert.is((await create({ path: '/loc/docs', slug: 'bad slug' })).status, 400);
  assert.is((await create({ path: '/loc/docs', slug: 'team-docs' })).status, 201);
  assert.is((await create({ path: '/loc/docs', slug: 'team-docs' })).status, 409);
  const listed = await call<{ items: PathShareRecord[]; total: number }>(
    server,
    'GET',
    `/admin/path-shares?path=${encodeURIComponent('/loc/single.txt')}&limit=1`,
    { auth: admin },
  );
  assert.is(listed.status, 200);
  assert.ok(listed.body.data.total >= 1);
  assert.is(listed.body.data.items.length, 1);
  assert.ok(listed.body.data.items.every((s) => s.path === '/loc/single.txt'));
  const share = listed.body.data.items[0];
  const changed = await call<PathShareRecord>(server, 'PUT', `/admin/path-shares/${share.id}`, {
    auth: admin,
    body: { remark: 'changed', max_views: 9 },
  });
  assert.is(changed.body.data.remark, 'changed');
  assert.is(changed.body.data.max_views, 9);
  const renamed = await call<PathShareRecord>(server, 'PUT', `/admin/path-shares/${share.id}`, {
    auth: admin,
    body: { slug: 'renamed-share' },
  });
  assert.is(renamed.body.data.slug, 'renamed-share');
  assert.is((await visit(share.slug)).status, 404);
  const taken = await call(server, 'PUT', `/admin/path-shares/${share.id}`, {
    auth: admin,
    body: { slug: 'team-docs' },
  });
  assert.is(taken.status, 409);
  assert.is((await call(server, 'DELETE', `/admin/path-shares/${share.id}`, { auth: admin })).status, 200);
  assert.is((await call(server, 'GET', `/admin/path-shares/${share.id}`, { auth: admin })).status, 404);
  assert.is((await visit('renamed-share')).status, 404);
});

test('a ZIP over max_zip_size is refused with 413 before anything is sent', async () => {
  const share = (await create({ path: '/loc/docs' })).body.data;
  const token = (await visit(share.slug)).body.data.token!;
  await call(server, 'PUT', '/admin/system-settings', { auth: admin, body: { max_zip_size: 0.00001 } });
  try {
    const refused = await call(server, 'GET', `/public/s/${share.slug}/zip?token=${token}`);
    assert.is(refused.status, 413);
    assert.match(refused.body.message, /ZIP limit/);
  } finally {
    await call(server, 'PUT', '/admin/system-settings', { auth: admin, body: { max_zip_size: 10240 } });
  }
});

test.run();
