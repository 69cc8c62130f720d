// @clip-databases sqlite postgres
/**
 * What a signed file-system link may reach (issue 27, ADR 0042): a link speaks for its issuer only while
 * the issuer may still do what it grants, a signed PUT lands once, `render=html` is part of the signature,
 * a signed PUT is seen by every process's listing at once, and a key's "clear cache" reaches only its own
 * mounts.
 */
import { Readable } from 'node:stream';
import type { FsGetResult, FsListResult } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { offsetClock } from '../clock.ts';
import { startTestServer } from '../testing/testServer.ts';
import { writeFile } from './copy/testing/copyTestKit.ts';
import { type FsKit, startFsKit } from './testing/fsTestKit.ts';

let kit: FsKit;
/** Moved forward by the last test only: keys and links expire on the server's clock. */
const clock = offsetClock();
test.before(async () => {
  kit = await startFsKit(startTestServer({}, { clock }));
  await kit.mount({ mount_path: '/trust', storage_type: 'local', cache_ttl: 300, root_prefix: 'trust' });
});
test.after(async () => kit?.close());

const ADMIN = { kind: 'admin', id: 'test', username: 'admin' } as const;

const write = (path: string, content: string) => writeFile(kit.server.app.services.fs, path, content);

const text = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, body: await res.text(), type: res.headers.get('content-type') };
};

const put = (url: string, body: string) => fetch(url, { method: 'PUT', body });

/** A signed PUT link to `target`, made by the key (or admin) behind `auth` through the client-side copy. */
async function uploadLink(auth: string, source: string, target: string): Promise<string> {
  const base = auth === 'admin' ? '/admin' : '/user';
  const res = await kit.call<{ items: { uploadUrl: string | null }[] }>(
    auth,
    'POST',
    `${base}/fs/batch-copy`,
    {
      items: [{ sourcePath: source, targetPath: target }],
      client_side: true,
      skipExisting: false,
    },
  );
  assert.is(res.status, 200, res.body.message);
  const url = res.body.data.items[0]?.uploadUrl;
  assert.ok(url?.includes('/api/fs/put?'), String(url));
  return url as string;
}

/** Links a key holds: a file-link (local storage: our signed route), `get`'s preview link and a PUT link. */
async function linksOf(key: string, dir: string) {
  const file = `${dir}/a.txt`;
  const q = encodeURIComponent(file);
  const fileLink = await kit.call<{ url: string }>(key, 'GET', `/user/fs/file-link?path=${q}`);
  assert.is(fileLink.status, 200, fileLink.body.message);
  const got = await kit.call<FsGetResult>(key, 'GET', `/user/fs/get?path=${q}`);
  assert.is(got.status, 200, got.body.message);
  return {
    fileLink: fileLink.body.data.url,
    preview: got.body.data.preview_url as string,
    put: await uploadLink(key, file, `${dir}/copy.txt`),
  };
}

async function refused(links: Awaited<ReturnType<typeof linksOf>>, why: string) {
  for (const url of [links.fileLink, links.preview])
    assert.is((await text(url)).status, 403, `${why}: GET ${url}`);
  assert.is((await put(links.put, 'alpha')).status, 403, `${why}: PUT`);
}

test('deleting the issuing key, narrowing it or taking its mount permission voids its signed links', async () => {
  for (const dir of ['/trust/del', '/trust/narrow', '/trust/perm', '/trust/admin'])
    await write(`${dir}/a.txt`, 'alpha');

  const deleted = await kit.server.keyClient({ mount: true, basic_path: '/trust/del' });
  const delLinks = await linksOf(deleted.key, '/trust/del');
  assert.is((await text(delLinks.fileLink)).body, 'alpha', 'the link works while its key stands');
  assert.is((await kit.call('admin', 'DELETE', `/admin/api-keys/${deleted.id}`)).status, 200);
  await refused(delLinks, 'key deleted');

  const narrowed = await kit.server.keyClient({ mount: true, basic_path: '/trust/narrow' });
  const narrowLinks = await linksOf(narrowed.key, '/trust/narrow');
  const narrow = await kit.call('admin', 'PUT', `/admin/api-keys/${narrowed.id}`, {
    basic_path: '/trust/narrow/sub',
  });
  assert.is(narrow.status, 200);
  await refused(narrowLinks, 'basic path narrowed');

  const stripped = await kit.server.keyClient({ mount: true, basic_path: '/trust/perm' });
  const permLinks = await linksOf(stripped.key, '/trust/perm');
  await kit.call('admin', 'PUT', `/admin/api-keys/${stripped.id}`, { mount_permission: false });
  await refused(permLinks, 'mount permission taken');
  assert.is(await kit.server.app.services.fs.stat(ADMIN, '/trust/perm/copy.txt'), null, 'nothing landed');

  // The admin's links stand while the admin does; a link cannot be moved to another issuer.
  const adminLink = await uploadLink('admin', '/trust/admin/a.txt', '/trust/admin/copy.txt');
  const forged = new URL(adminLink);
  forged.searchParams.set('by', `apikey:${stripped.id}`);
  assert.is((await put(forged.toString(), 'alpha')).status, 403, 'the issuer is signed');
  assert.is((await put(adminLink, 'alpha')).status, 200);
});

test('a signed PUT lands once: a replay is refused and the file keeps the first bytes', async () => {
  await write('/trust/once/a.txt', 'first');
  const link = await uploadLink('admin', '/trust/once/a.txt', '/trust/once/b.txt');
  assert.is((await put(link, 'firs')).status, 400, 'a body of another length uses nothing up');
  assert.is((await put(link, 'first')).status, 200);
  const replay = await fetch(link, { method: 'PUT', body: 'other' });
  assert.is(replay.status, 410);
  assert.match(((await replay.json()) as { message: string }).message, /already been used/);
  const { fs } = kit.server.app.services;
  const read = await fs.read(ADMIN, '/trust/once/b.txt');
  assert.is(Buffer.concat(await read.stream.toArray()).toString(), 'first');
  // Two PUTs of one link at once: the database lets exactly one of them through.
  const race = await uploadLink('admin', '/trust/once/a.txt', '/trust/once/c.txt');
  const statuses = await Promise.all([put(race, 'first'), put(race, 'first')]).then((r) =>
    r.map((x) => x.status),
  );
  assert.equal(statuses.sort(), [200, 410]);
});

test('render=html is signed: appended to a preview link it fails; the render link renders sandboxed', async () => {
  await write('/trust/web/page.html', '<script>document.title = "ran"</script>');
  const got = await kit.call<FsGetResult>('admin', 'GET', '/admin/fs/get?path=/trust/web/page.html');
  const { preview_url, render_url } = got.body.data;
  assert.ok(preview_url);
  const plain = await text(preview_url);
  assert.equal([plain.status, plain.type], [200, 'text/plain; charset=utf-8']);
  assert.is((await text(`${preview_url}&render=html`)).status, 403, 'render=html added to a preview link');
  const fileLink = await kit.call<{ url: string }>(
    'admin',
    'GET',
    '/admin/fs/file-link?path=/trust/web/page.html',
  );
  assert.is((await text(`${fileLink.body.data.url}&render=html`)).status, 403, 'nor to a 7-day file link');
  assert.ok(render_url, 'an HTML file gets a render link');
  const rendered = await fetch(render_url);
  assert.is(rendered.status, 200);
  assert.is(rendered.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.match(rendered.headers.get('content-security-policy') ?? '', /sandbox allow-scripts/);
  const asDownload = render_url.replace('/api/fs/preview?', '/api/fs/download?');
  assert.is((await text(asDownload)).status, 403, 'a render link is not a download link');
  const notHtml = await kit.call<FsGetResult>('admin', 'GET', '/admin/fs/get?path=/trust/once/a.txt');
  assert.is(notHtml.body.data.render_url, null, 'only HTML files get a render link');
});

test('after a signed PUT, a second server process lists the new file at once and refuses its replay', async () => {
  await write('/trust/multi/a.txt', 'alpha');
  const other = await kit.startPeer();
  try {
    const onB = () => other.names('/trust/multi');
    assert.equal(await onB(), ['a.txt'], 'B has the folder cached');
    const link = await uploadLink('admin', '/trust/multi/a.txt', '/trust/multi/b.txt');
    assert.is((await put(link, 'alpha')).status, 200);
    assert.equal(await onB(), ['a.txt', 'b.txt'], 'B lists the signed PUT at once');
    assert.ok(link.startsWith(kit.server.url), link);
    const replayOnB = await put(link.replace(kit.server.url, other.url), 'alpha');
    assert.is(replayOnB.status, 410, 'the one use is shared by every process');
  } finally {
    await other.close();
  }
});

test("a key's cache clear reaches only its own mounts, not another mount over the same storage", async () => {
  await kit.mount({ mount_path: '/mine', storage_type: 'local', cache_ttl: 300, root_prefix: 'mine' });
  await kit.mount({ mount_path: '/theirs', storage_type: 'local', cache_ttl: 300, root_prefix: 'theirs' });
  await write('/mine/a.txt', 'a');
  await write('/theirs/a.txt', 'a');
  const names = async (auth: string, base: string, path: string) => {
    const res = await kit.call<FsListResult>(auth, 'GET', `${base}/fs/list?path=${encodeURIComponent(path)}`);
    assert.is(res.status, 200, res.body.message);
    return res.body.data.items.map((i) => i.name).sort();
  };
  const { key } = await kit.server.keyClient({ mount: true, basic_path: '/mine' });
  assert.equal(await names(key, '/user', '/mine'), ['a.txt']);
  assert.equal(await names('admin', '/admin', '/theirs'), ['a.txt']);
  const driver = await kit.server.app.services.storageConfigs.driverFor(kit.localConfigId);
  // Behind the service's back, straight into storage: only a cleared cache shows these.
  for (const object of ['mine/b.txt', 'theirs/b.txt'])
    await driver.write(object, Readable.from([Buffer.from('b')]), { size: 1 });
  const cleared = await kit.call<{ cleared: number }>(key, 'POST', '/user/cache/clear');
  assert.is(cleared.status, 200);
  assert.equal(await names(key, '/user', '/mine'), ['a.txt', 'b.txt'], 'its own mount is cleared');
  assert.equal(await names('admin', '/admin', '/theirs'), ['a.txt'], 'the other mount keeps its cache');
});

test('a key that expires takes its 7-day file links with it', async () => {
  await write('/trust/exp/a.txt', 'alpha');
  const hour = 3_600_000;
  const created = await kit.call<{ key: string }>('admin', 'POST', '/admin/api-keys', {
    name: 'expiring',
    mount_permission: true,
    basic_path: '/trust/exp',
    expires_at: new Date(clock.now() + hour).toISOString(),
  });
  assert.is(created.status, 201, created.body.message);
  const q = `path=${encodeURIComponent('/trust/exp/a.txt')}&expires_in=604800`;
  const byKey = await kit.call<{ url: string }>(created.body.data.key, 'GET', `/user/fs/file-link?${q}`);
  const byAdmin = await kit.call<{ url: string }>('admin', 'GET', `/admin/fs/file-link?${q}`);
  assert.is((await text(byKey.body.data.url)).status, 200);
  clock.advance(2 * hour);
  assert.is((await text(byKey.body.data.url)).status, 403, 'the key has expired');
  assert.is(
    (await text(byAdmin.body.data.url)).body,
    'alpha',
    'a 7-day link of a standing issuer still works',
  );
});

test.run();
