// @clip-databases sqlite postgres
/**
 * Thumbnails of images (ADR 0075) on local storage and s3rver: small, kept in the database every process
 * shares and served from there, a new one when the file changes, refusals with 4xx, and who reaches
 * what (a key's scope, a stranger, a signed folder link, a path-share visitor).
 */
import { crc32 } from 'node:zlib';
import type { PathShareRecord, PathShareVisit } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type FsKit, startFsKit } from '../fs/testing/fsTestKit.ts';
import { startTestServer } from '../testing/testServer.ts';
import { dimensionsOf, pngImage } from './testing/images.ts';
import { createThumbnailStore } from './thumbnailStore.ts';

let kit: FsKit;
const MOUNTS = ['/loc', '/s3'];

async function put(path: string, bytes: Uint8Array, type = 'image/png'): Promise<void> {
  const folder = path.slice(0, path.lastIndexOf('/'));
  const form = new FormData();
  form.set('path', folder);
  form.set('create_parents', 'true');
  form.set('file', new Blob([bytes], { type }), path.slice(path.lastIndexOf('/') + 1));
  const res = await kit.raw('admin', 'POST', '/admin/fs/upload', { body: form });
  if (res.status !== 201) throw new Error(`upload ${path}: ${res.status} ${await res.text()}`);
}

const thumb = (auth: string | null, path: string, size?: number, headers: Record<string, string> = {}) =>
  kit.raw(
    auth,
    'GET',
    `/${auth === 'admin' ? 'admin' : 'user'}/fs/thumbnail?path=${encodeURIComponent(path)}${size ? `&size=${size}` : ''}`,
    { headers },
  );

const knex = () => kit.server.app.services.db.knex;
const rowCount = async () => Number((await knex()('thumbnails').count({ n: '*' }).first())?.n ?? 0);

/** A PNG whose header claims `width` x `height` pixels (its data is a 1x1 picture's). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngImage(1, 1));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

test.before(async () => {
  kit = await startFsKit(startTestServer());
  await kit.mountLocAndS3();
  for (const m of MOUNTS) {
    await put(`${m}/photos/wide.png`, await pngImage(1600, 1200));
    await put(`${m}/photos/changing.png`, await pngImage(800, 400, { r: 10, g: 200, b: 10 }));
    await put(`${m}/photos/cached.png`, await pngImage(640, 480));
    await put(`${m}/other/secret.png`, await pngImage(300, 300));
  }
});
test.after(async () => kit?.close());

for (const m of MOUNTS) {
  test(`${m}: a thumbnail is a small WebP, never the original`, async () => {
    for (const [size, longest] of [
      [undefined, 256],
      [128, 128],
      [512, 512],
    ] as const) {
      const res = await thumb('admin', `${m}/photos/wide.png`, size);
      assert.is(res.status, 200);
      assert.is(res.headers.get('content-type'), 'image/webp');
      assert.match(res.headers.get('etag') ?? '', /^"t[0-9a-f]{40}"$/);
      assert.is(res.headers.get('cache-control'), 'private, max-age=300');
      assert.is(res.headers.get('x-content-type-options'), 'nosniff');
      const bytes = new Uint8Array(await res.arrayBuffer());
      assert.ok(bytes.length < 8 * 1024, `${bytes.length} bytes for ${longest} px`);
      assert.equal(await dimensionsOf(bytes), {
        width: longest,
        height: (longest * 3) / 4,
        format: 'webp',
      });
    }
    // A picture smaller than the size asked for is not enlarged.
    const small = await thumb('admin', `${m}/other/secret.png`, 512);
    assert.equal(await dimensionsOf(new Uint8Array(await small.arrayBuffer())), {
      width: 300,
      height: 300,
      format: 'webp',
    });
  });

  test(`${m}: the second request is served from the database, not made again`, async () => {
    const path = `${m}/photos/cached.png`;
    const first = await thumb('admin', path);
    assert.is(first.headers.get('x-thumbnail'), 'made');
    const before = await rowCount();
    // What the database holds is what is served: a marker picture put in its place comes back.
    const marker = await pngImage(7, 5);
    const tag = (first.headers.get('etag') ?? '').slice(2, -1);
    const changed = await knex()('thumbnails').where('key', 'like', `${tag}%`).update({ bytes: marker });
    assert.is(changed, 1);
    const second = await thumb('admin', path);
    assert.is(second.status, 200);
    assert.is(second.headers.get('x-thumbnail'), 'kept');
    assert.is(second.headers.get('etag'), first.headers.get('etag'));
    assert.equal(Buffer.from(await second.arrayBuffer()), marker);
    assert.is(await rowCount(), before, 'no second row');
    // A client holding it asks with its ETag: 304, nothing sent.
    const again = await thumb('admin', path, undefined, { 'if-none-match': first.headers.get('etag') ?? '' });
    assert.is(again.status, 304);
  });

  test(`${m}: a changed file gets a new thumbnail and its old one goes`, async () => {
    const path = `${m}/photos/changing.png`;
    const first = await thumb('admin', path);
    assert.equal(await dimensionsOf(new Uint8Array(await first.arrayBuffer())), {
      width: 256,
      height: 128,
      format: 'webp',
    });
    const rows = await rowCount();
    await put(path, await pngImage(400, 800, { r: 10, g: 10, b: 200 }));
    const second = await thumb('admin', path, undefined, {
      'if-none-match': first.headers.get('etag') ?? '',
    });
    assert.is(second.status, 200, 'the old ETag no longer matches');
    assert.is.not(second.headers.get('etag'), first.headers.get('etag'));
    assert.is(second.headers.get('x-thumbnail'), 'made');
    assert.equal(await dimensionsOf(new Uint8Array(await second.arrayBuffer())), {
      width: 128,
      height: 256,
      format: 'webp',
    });
    assert.is(await rowCount(), rows, 'the new version replaced the old one');
  });

  test(`${m}: what is not a decodable image is refused with 4xx and a reason`, async () => {
    await kit.call('admin', 'POST', '/admin/fs/update', { path: `${m}/photos/notes.txt`, content: 'hello' });
    await put(`${m}/photos/fake.png`, new TextEncoder().encode('not a picture at all'));
    await put(
      `${m}/photos/drawing.svg`,
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      'image/svg+xml',
    );
    // SVG bytes under a PNG's name: decided by content, never rasterised.
    await put(
      `${m}/photos/svg-inside.png`,
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    );
    await put(`${m}/photos/huge.png`, await pngClaiming(10_000, 8_000));
    const cases: [string, number, RegExp][] = [
      ['notes.txt', 415, /notes\.txt is not an image/],
      ['fake.png', 415, /not an image this server can read/],
      ['drawing.svg', 415, /SVG/],
      ['svg-inside.png', 415, /svg images are not made into thumbnails|not an image this server can read/],
      ['huge.png', 413, /10000x8000 pixels/],
      ['missing.png', 404, /./],
    ];
    const rows = await rowCount();
    for (const [name, status, message] of cases) {
      const res = await thumb('admin', `${m}/photos/${name}`);
      const body = (await res.json()) as { message: string };
      assert.is(res.status, status, `${name}: ${body.message}`);
      assert.match(body.message, message, name);
    }
    const folder = await thumb('admin', `${m}/photos`);
    assert.is(folder.status, 400, 'a folder has no thumbnail (as it has no download)');
    assert.is(await rowCount(), rows, 'nothing kept for a refusal');
    const badSize = await thumb('admin', `${m}/photos/wide.png`, 300);
    assert.is(badSize.status, 400);
    assert.match(((await badSize.json()) as { message: string }).message, /size/);
  });
}

test('another server process on the same database serves the thumbnail this one made', async () => {
  const path = '/s3/photos/wide.png';
  const made = await thumb('admin', path, 128);
  assert.is(made.status, 200);
  const peer = await kit.startPeer();
  try {
    const res = await fetch(`${peer.url}/api/admin/fs/thumbnail?path=${encodeURIComponent(path)}&size=128`, {
      headers: { authorization: `Bearer ${kit.adminToken}` },
    });
    assert.is(res.status, 200);
    assert.is(res.headers.get('x-thumbnail'), 'kept', 'found in the shared table, not made again');
    assert.is(res.headers.get('etag'), made.headers.get('etag'));
  } finally {
    await peer.close();
  }
});

test('a key outside the path gets 403, a key without mount permission 403, a stranger 401', async () => {
  const scoped = (await kit.server.keyClient({ mount: true, basic_path: '/loc/photos' })).key;
  const noMount = (await kit.server.keyClient({ file: true })).key;
  assert.is((await thumb(scoped, '/loc/photos/wide.png')).status, 200);
  assert.is((await thumb(scoped, '/loc/other/secret.png')).status, 403);
  assert.is((await thumb(scoped, '/s3/photos/wide.png')).status, 403);
  assert.is((await thumb(noMount, '/loc/photos/wide.png')).status, 403);
  const stranger = await kit.raw(null, 'GET', '/user/fs/thumbnail?path=/loc/photos/wide.png');
  assert.is(stranger.status, 401);
  assert.is((await kit.raw(null, 'GET', '/admin/fs/thumbnail?path=/loc/photos/wide.png')).status, 401);
  // A key may not ask for a folder's link outside its scope either.
  const link = await kit.call(scoped, 'GET', '/user/fs/thumbnail-link?path=/loc/other');
  assert.is(link.status, 403);
});

test("a folder's signed link shows its images only, as its issuer may now, and stays one URL for the hour", async () => {
  const made = await kit.server.keyClient({ mount: true, basic_path: '/loc/photos' });
  const link = await kit.call<{ url: string; expires_at: string }>(
    made.key,
    'GET',
    '/user/fs/thumbnail-link?path=/loc/photos',
  );
  assert.is(link.status, 200);
  const again = await kit.call<{ url: string }>(made.key, 'GET', '/user/fs/thumbnail-link?path=/loc/photos');
  assert.is(again.body.data.url, link.body.data.url, 'the same link within the hour');
  assert.ok(
    Date.parse(link.body.data.expires_at) - Date.now() > 3_600_000 - 60_000,
    'valid an hour at least',
  );
  const url = (name: string, extra = '') => `${link.body.data.url}&name=${encodeURIComponent(name)}${extra}`;
  const ok = await fetch(url('wide.png', '&size=128&v=abc'));
  assert.is(ok.status, 200);
  assert.equal(await dimensionsOf(new Uint8Array(await ok.arrayBuffer())), {
    width: 128,
    height: 96,
    format: 'webp',
  });
  // Only entries of the signed folder: no way up, down or sideways.
  assert.is((await fetch(url('..'))).status, 400);
  assert.is((await fetch(url('../other/secret.png'))).status, 400);
  const moved = new URL(url('secret.png'));
  moved.searchParams.set('dir', '/loc/other');
  assert.is((await fetch(moved)).status, 403, 'the folder is signed');
  // Without a valid signature, and once the issuer is gone: 403.
  const forged = new URL(url('wide.png'));
  forged.searchParams.set('sig', 'AAAA');
  assert.is((await fetch(forged)).status, 403);
  await (await kit.server.adminClient()).apiKeys.remove(made.id);
  assert.is((await fetch(url('wide.png'))).status, 403);
});

test('a path-share visitor reaches the thumbnails inside the share only', async () => {
  const share = await kit.call<PathShareRecord>('admin', 'POST', '/admin/path-shares', {
    path: '/s3/photos',
  });
  assert.is(share.status, 201);
  const slug = share.body.data.slug;
  const visit = await kit.call<PathShareVisit>(null, 'GET', `/public/s/${slug}`);
  const token = visit.body.data.token as string;
  const get = (path: string, t: string | null = token) =>
    fetch(
      `${kit.server.url}/api/public/s/${slug}/thumbnail?path=${encodeURIComponent(path)}${t ? `&token=${t}` : ''}`,
    );
  const ok = await get('/wide.png');
  assert.is(ok.status, 200);
  assert.is(ok.headers.get('content-type'), 'image/webp');
  assert.equal((await dimensionsOf(new Uint8Array(await ok.arrayBuffer()))).width, 256);
  assert.is((await get('/wide.png', null)).status, 401, 'no token');
  assert.is((await get('/wide.png', 'forged.token')).status, 401);
  assert.is((await get('/../other/secret.png')).status, 400);
  assert.is((await get('/other/secret.png')).status, 404);
  // Thumbnails are part of the listing the visitor saw: the access log gains no event for them, while
  // the list itself is logged.
  assert.is((await kit.call(null, 'GET', `/public/s/${slug}/list?path=/&token=${token}`)).status, 200);
  await kit.server.app.services.accessRecorder.flush();
  const log = await kit.call<{ items: { action: string; path: string | null }[] }>(
    'admin',
    'GET',
    `/admin/access-log?share_kind=path&share_id=${share.body.data.id}`,
  );
  assert.is(log.status, 200, log.body.message);
  const logged = log.body.data.items.map((e) => `${e.action} ${e.path}`).sort();
  assert.equal(logged, ['list /', 'view /']);
});

test('the sweep keeps the table under its byte budget, least recently used first', async () => {
  const store = createThumbnailStore(knex());
  await knex()('thumbnails').delete();
  const bytes = Buffer.alloc(1000, 1);
  for (let i = 0; i < 5; i++)
    await store.put({ key: `k${i}`, source_key: `s${i}`, size: 256, width: 1, height: 1, bytes }, 1_000 + i);
  // k0 was used last: it stays, the oldest others go until 2,000 bytes remain.
  await knex()('thumbnails').where({ key: 'k0' }).update({ used_at: 9_000 });
  await store.sweep(0, 2_000);
  const left = (await knex()('thumbnails').select('key').orderBy('key')).map((r: { key: string }) => r.key);
  assert.equal(left, ['k0', 'k4']);
  // Idle rows go whatever the budget.
  await store.sweep(5_000, 1_000_000);
  assert.equal(
    (await knex()('thumbnails').select('key')).map((r: { key: string }) => r.key),
    ['k0'],
  );
});

test.run();
