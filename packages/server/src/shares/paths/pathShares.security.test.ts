// @clip-databases sqlite postgres
/**
 * What a path share reaches, for a stranger, a link holder, the owner key and another key: its own path
 * and nothing else (`..` encoded or not, siblings whose names start with the folder's; on a local and an
 * s3rver mount), and a key-made share dies with the key, its mount permission or the basic path it needs.
 */
import type { PathShareRecord, PathShareVisit } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { offsetClock } from '../../clock.ts';
import { localMount, type MountUnderTest, s3Mount } from '../../testing/mounts.ts';
import { startS3rver, type TestS3 } from '../../testing/s3rver.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { call, fetchBytes } from './testing/pathShareTestKit.ts';

const clock = offsetClock();
let server: TestServer;
let admin: string;
let mount: MountUnderTest;
let s3: TestS3;

test.before(async () => {
  s3 = await startS3rver();
  server = await startTestServer({}, { clock });
  admin = `Bearer ${await server.adminToken()}`;
  mount = await localMount(server, { path: '/loc' });
  await s3Mount(server, s3, '/s3');
  const fs = (await server.adminClient()).fs;
  for (const root of ['/loc', '/s3']) {
    for (const dir of ['team/docs/sub', 'team/docs2', 'team/other'])
      await fs.mkdir(`${root}/${dir}`, { create_parents: true });
    await fs.update(`${root}/team/docs/a.txt`, 'inside');
    await fs.update(`${root}/team/docs/sub/b.txt`, 'inside too');
    await fs.update(`${root}/team/docs2/secret.txt`, 'sibling secret');
    await fs.update(`${root}/team/other/secret.txt`, 'other secret');
    await fs.update(`${root}/team/docs/%2e%2e`, 'a file literally named %2e%2e');
  }
});
test.after(async () => {
  await server?.close();
  await s3?.close();
});

async function keyWith(perms: { mount?: boolean; basic_path?: string } = {}) {
  const made = await server.keyClient({ mount: true, basic_path: '/loc/team', ...perms });
  return { ...made, auth: `ApiKey ${made.key}` };
}
async function share(auth: string, body: object, scope = 'user'): Promise<PathShareRecord> {
  const made = await call<PathShareRecord>(server, 'POST', `/${scope}/path-shares`, { auth, body });
  assert.is(made.status, 201, made.body.message);
  return made.body.data;
}
const visit = (slug: string) => call<PathShareVisit>(server, 'GET', `/public/s/${slug}`);
const tokenOf = async (slug: string) => {
  const v = await visit(slug);
  assert.is(v.status, 200, v.body.message);
  return v.body.data.token!;
};
const listStatus = async (slug: string, path: string, token?: string) =>
  (await call(server, 'GET', `/public/s/${slug}/list?path=${path}`, { token })).status;
const downloadStatus = async (slug: string, path: string, token: string) =>
  (await fetchBytes(server, `/public/s/${slug}/download?path=${path}&token=${token}`)).status;

for (const root of ['/loc', '/s3']) {
  test(`${root}: \`..\`, encoded or not, and other odd paths are refused with 400, never clamped`, async () => {
    const docs = await share(admin, { path: `${root}/team/docs` }, 'admin');
    const token = await tokenOf(docs.slug);
    for (const path of [
      '..',
      '/..',
      '/../docs2',
      '/sub/../../docs2/secret.txt',
      '%2e%2e',
      '%2e%2e%2fdocs2%2fsecret.txt',
      '..%2fdocs2',
      '%2F..%2Fdocs2',
      '/./a.txt',
      '//a.txt',
      '%5c..%5cdocs2',
      '/a.txt%00',
    ]) {
      assert.is(await listStatus(docs.slug, path, token), 400, `list ${path}`);
      assert.is(await downloadStatus(docs.slug, path, token), 400, `download ${path}`);
      assert.is(
        (await fetchBytes(server, `/public/s/${docs.slug}/zip?path=${path}&token=${token}`)).status,
        400,
      );
    }
    // Decoded once: `%252e%252e` is the literal name `%2e%2e`, a file inside the share.
    const literal = await fetchBytes(
      server,
      `/public/s/${docs.slug}/download?path=/%252e%252e&token=${token}`,
    );
    assert.is(literal.status, 200);
    assert.is(literal.bytes.toString(), 'a file literally named %2e%2e');
  });

  test(`${root}: a sibling whose name starts with the folder name is out of reach`, async () => {
    const docs = await share(admin, { path: `${root}/team/docs` }, 'admin');
    const token = await tokenOf(docs.slug);
    // `…/team/docs` + `2/secret.txt` must never become `…/team/docs2/secret.txt`.
    assert.is(await downloadStatus(docs.slug, '2/secret.txt', token), 404);
    assert.is(await downloadStatus(docs.slug, '/2/secret.txt', token), 404);
    assert.is(await listStatus(docs.slug, '2', token), 404);
    // A key scoped to /loc/team/docs cannot share its sibling either.
    const scoped = await keyWith({ basic_path: `${root}/team/docs` });
    const refused = await call(server, 'POST', '/user/path-shares', {
      auth: scoped.auth,
      body: { path: `${root}/team/docs2` },
    });
    assert.is(refused.status, 403);
  });
}

test('stranger, link holder, other key: each reaches what it should and nothing more', async () => {
  const owner = await keyWith();
  const other = await keyWith();
  const docs = await share(owner.auth, { path: '/loc/team/docs' });
  assert.is(docs.created_by, `apikey:${owner.id}`);
  const second = await share(owner.auth, { path: '/loc/team/other' });

  // A stranger without the visit's token gets nothing inside.
  assert.is(await listStatus(docs.slug, '/'), 401);
  assert.is((await fetchBytes(server, `/public/s/${docs.slug}/download?path=/a.txt`)).status, 401);
  assert.is((await fetchBytes(server, `/public/s/${docs.slug}/zip`)).status, 401);
  assert.is(await listStatus(docs.slug, '/', 'forged.token'), 401);
  // A link holder's token opens its share only.
  const token = await tokenOf(docs.slug);
  assert.is(await listStatus(docs.slug, '/', token), 200);
  assert.is(await listStatus(second.slug, '/', token), 401);

  // Another key neither sees nor manages it; the admin sees everything.
  const theirs = await call<{ items: PathShareRecord[] }>(server, 'GET', '/user/path-shares', {
    auth: other.auth,
  });
  assert.equal(theirs.body.data.items, []);
  for (const [method, body] of [['GET'], ['PUT', { remark: 'mine now' }], ['DELETE']] as const)
    assert.is(
      (await call(server, method, `/user/path-shares/${docs.id}`, { auth: other.auth, body })).status,
      404,
      method,
    );
  const own = await call<{ items: PathShareRecord[] }>(server, 'GET', '/user/path-shares', {
    auth: owner.auth,
  });
  assert.equal(own.body.data.items.map((s) => s.id).sort(), [docs.id, second.id].sort());
  assert.is((await call(server, 'GET', `/admin/path-shares/${docs.id}`, { auth: admin })).status, 200);
  // Another key's credentials are a visitor's: they count a view like anyone's.
  const before = (
    await call<PathShareRecord>(server, 'GET', `/user/path-shares/${docs.id}`, { auth: owner.auth })
  ).body.data.views;
  await call(server, 'GET', `/public/s/${docs.slug}`, { auth: other.auth });
  await call(server, 'GET', `/public/s/${docs.slug}`, { auth: owner.auth });
  const after = (
    await call<PathShareRecord>(server, 'GET', `/user/path-shares/${docs.id}`, { auth: owner.auth })
  ).body.data.views;
  assert.is(after, before + 1);
});

test('keys need mount permission and read access to make a share', async () => {
  const noMount = await keyWith({ mount: false });
  assert.is(
    (await call(server, 'POST', '/user/path-shares', { auth: noMount.auth, body: { path: '/loc/team' } }))
      .status,
    403,
  );
  const scoped = await keyWith({ basic_path: '/loc/team/docs' });
  assert.is(
    (
      await call(server, 'POST', '/user/path-shares', {
        auth: scoped.auth,
        body: { path: '/loc/team/other' },
      })
    ).status,
    403,
  );
  assert.is(
    (await call(server, 'POST', '/user/path-shares', { auth: scoped.auth, body: { path: '/' } })).status,
    403,
  );
});

test('a key-made share dies with the key, its expiry, its mount permission or its basic path', async () => {
  const adminClient = await server.adminClient();
  const cases: [string, (id: string) => Promise<unknown>][] = [
    ['deleted', (id) => adminClient.apiKeys.remove(id)],
    ['mount permission taken', (id) => adminClient.apiKeys.update(id, { mount_permission: false })],
    ['basic path narrowed', (id) => adminClient.apiKeys.update(id, { basic_path: '/loc/team/other' })],
    [
      'expired',
      async (id) => {
        await adminClient.apiKeys.update(id, { expires_at: new Date(clock.now() + 60_000).toISOString() });
        clock.advance(120_000);
      },
    ],
  ];
  for (const [what, end] of cases) {
    const key = await keyWith();
    const docs = await share(key.auth, { path: '/loc/team/docs' });
    const token = await tokenOf(docs.slug);
    await end(key.id);
    assert.is((await visit(docs.slug)).status, 404, `visit after the key was ${what}`);
    assert.is(await listStatus(docs.slug, '/', token), 404, `list after the key was ${what}`);
    assert.is(await downloadStatus(docs.slug, '/a.txt', token), 404, `download after the key was ${what}`);
  }
});

test('a removed path or a disabled mount is a 404; the share follows the path live', async () => {
  const fs = (await server.adminClient()).fs;
  await fs.mkdir('/loc/team/live', { create_parents: true });
  const live = await share(admin, { path: '/loc/team/live' }, 'admin');
  const token = await tokenOf(live.slug);
  await fs.update('/loc/team/live/new.txt', 'arrived later');
  assert.is(await downloadStatus(live.slug, '/new.txt', token), 200);
  const mountId = (await (await server.adminClient()).mounts.list()).items.find(
    (m) => m.mount_path === mount.path,
  )!.id;
  await (await server.adminClient()).mounts.setActive(mountId, false);
  try {
    assert.is((await visit(live.slug)).status, 404);
    assert.is(await listStatus(live.slug, '/', token), 404);
  } finally {
    await (await server.adminClient()).mounts.setActive(mountId, true);
  }
  await fs.remove('/loc/team/live');
  assert.is((await visit(live.slug)).status, 404);
  assert.is(await listStatus(live.slug, '/', token), 404);
});

test.run();
