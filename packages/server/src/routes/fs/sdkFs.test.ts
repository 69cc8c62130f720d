// @clip-databases sqlite postgres
// The SDK's mounts and fs resources against a live server: every call shape of mounts.md's wire list
// (mounts CRUD and key views, list/get/download/preview/mkdir/upload/remove/batch-remove/rename/update/
// file-link), fs.upload's modes, and fs.download into a Blob and into a Node file with resume by Range.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blobDownloadSink, ClipClient, type UploadProgress, type UploadSource } from '@clip/sdk';
import { fileDownloadSink, fileSource } from '@clip/sdk/node';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { localMount } from '../../testing/mounts.ts';
import { rejects } from '../../testing/rejects.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';

const MIB = 1024 * 1024;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let server: TestServer;
let admin: ClipClient;
let dir: string;

/** One part's request, as a source's `postRange` takes it. */
type RangePost = Parameters<NonNullable<UploadSource['postRange']>>[0];

/**
 * The source with `hook` run as each part begins (numbered from 1): it may change the part's request or
 * hold the part back. Tests act on part counts, not on progress events, which are throttled.
 */
function onEachPart(
  source: UploadSource,
  hook: (begun: number, request: RangePost) => RangePost | Promise<RangePost>,
): UploadSource {
  let begun = 0;
  return {
    ...source,
    postRange: async (request) => source.postRange!(await hook(++begun, request)),
  };
}

test.before(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
  dir = await mkdtemp(join(tmpdir(), 'clip-sdkfs-'));
  await localMount(server, { path: '/disk', name: 'disk', root: 'disk' });
});

test.after(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('mounts: admin CRUD through the SDK; a key reads and is refused changes', async () => {
  const configs = await admin.storageConfigs.list();
  const configId = configs.items.find((c) => c.name === 'disk')!.id;
  const created = await admin.mounts.create({
    name: 'extra',
    mount_path: '/extra',
    storage_type: 'local',
    storage_config_id: configId,
    cache_ttl: 0,
  });
  assert.is(created.cache_ttl, 0);
  assert.is((await admin.mounts.get(created.id)).mount_path, '/extra');
  assert.ok((await admin.mounts.list()).items.some((m) => m.id === created.id));
  assert.is((await admin.mounts.setActive(created.id, false)).is_active, false);
  assert.is((await admin.mounts.update(created.id, { remark: 'r' })).remark, 'r');
  const { client: key } = await server.keyClient({ mount: true, basic_path: '/disk' });
  const seen = await key.mounts.list();
  assert.equal(
    seen.items.map((m) => m.mount_path),
    ['/disk'],
  );
  assert.is(
    (await rejects(key.mounts.create({ ...created, name: 'nope', mount_path: '/nope' } as never))).status,
    403,
  );
  assert.is((await rejects(key.mounts.remove(created.id))).status, 403);
  assert.is(await admin.mounts.remove(created.id), null);
});

test('fs: mkdir, upload (form and fs.upload), list, get, rename, update, file-link, remove, batch-remove', async () => {
  assert.is((await admin.fs.mkdir('/disk/docs')).type, 'folder');
  assert.is((await rejects(admin.fs.mkdir('/disk/docs'))).status, 409);
  const form = await admin.fs.uploadForm('/disk/docs', new Blob(['hello']), { filename: 'a.txt' });
  assert.is(form.item.path, '/disk/docs/a.txt');
  const events: UploadProgress[] = [];
  const done = await admin.fs.upload('/disk/docs', new Blob(['# title']), {
    filename: 'b.md',
    onProgress: (p) => events.push(p),
  });
  assert.is(done.item.name, 'b.md');
  assert.is(events.at(-1)?.stage, 'completed');
  const listed = await admin.fs.listAll('/disk/docs');
  assert.equal(listed.items.map((i) => i.name).sort(), ['a.txt', 'b.md']);
  const page = await admin.fs.list('/disk/docs', { limit: 1 });
  assert.is(page.items.length, 1);
  assert.ok(page.next_cursor);
  const got = await admin.fs.get('/disk/docs/a.txt');
  assert.is(got.size, 5);
  assert.ok(got.download_url);
  assert.is((await admin.fs.rename('/disk/docs/a.txt', '/disk/docs/c.txt')).path, '/disk/docs/c.txt');
  assert.is((await admin.fs.update('/disk/docs/c.txt', 'changed')).size, 7);
  const preview = await admin.fs.openPreview('/disk/docs/c.txt');
  assert.is(await preview.text(), 'changed');
  const ranged = await admin.fs.openDownload('/disk/docs/c.txt', { range: 'bytes=2-4' });
  assert.is(ranged.status, 206);
  assert.is(await ranged.text(), 'ang');
  const link = await admin.fs.fileLink('/disk/docs/c.txt', { expires_in: 60 });
  assert.is(await (await fetch(new URL(link.url, server.url))).text(), 'changed');
  assert.ok(Date.parse(link.expires_at) > Date.now());
  const batch = await admin.fs.batchRemove(['/disk/docs/c.txt', '/disk/docs/missing.txt']);
  assert.equal(batch.removed, ['/disk/docs/c.txt']);
  assert.is(batch.failed.length, 1);
  assert.is(await admin.fs.remove('/disk/docs'), null);
  assert.is((await rejects(admin.fs.get('/disk/docs'))).status, 404);
});

test('fs.upload: a Node file goes multipart (3 parts at once) with progress; an aborted signal cancels', async () => {
  const bytes = randomBytes(11 * MIB);
  const path = join(dir, 'node.bin');
  await writeFile(path, bytes);
  const events: UploadProgress[] = [];
  const done = await admin.fs.upload('/disk', await fileSource(path), {
    directThreshold: MIB,
    onProgress: (p) => events.push(p),
  });
  assert.is(done.item.size, bytes.length);
  assert.ok(events.some((e) => e.mode === 'multipart'));
  for (let i = 1; i < events.length; i++) assert.ok(events[i].percent >= events[i - 1].percent);
  assert.is(events.at(-1)?.loaded, bytes.length);
  const back = await admin.fs.download('/disk/node.bin', blobDownloadSink());
  assert.is(sha(new Uint8Array(await back.arrayBuffer())), sha(bytes));

  // Presigned asked of a local mount: it cannot presign, so the bytes go multipart through the server.
  const modes: (string | null)[] = [];
  const fallback = await admin.fs.upload('/disk', await fileSource(path, { name: 'fallback.bin' }), {
    mode: 'presigned',
    onProgress: (p) => modes.push(p.mode),
  });
  assert.is(fallback.item.size, bytes.length);
  assert.is(modes.at(-1), 'multipart');

  const stop = new AbortController();
  stop.abort();
  const err = await rejects(admin.fs.upload('/disk', await fileSource(path), { signal: stop.signal }));
  assert.is(err.code, 'CANCELLED');
});

test('fs.upload of a Node file sends its own parts: cancelled mid-part it resumes whole; a refused part fails with the answer', async () => {
  const bytes = randomBytes(16 * MIB + 123);
  const path = join(dir, 'ranges.bin');
  await writeFile(path, bytes);
  // Cancelled 2 MiB into the second part: counted on the part's own bytes, since progress events are
  // throttled and on a fast machine the next one may come only after the last part.
  const stop = new AbortController();
  const cancelling = onEachPart(await fileSource(path), (begun, request) => {
    if (begun !== 2) return request;
    let sent = 0;
    const onBytes = (n: number) => {
      request.onBytes(n);
      sent += n;
      if (sent >= 2 * MIB) stop.abort();
    };
    return { ...request, onBytes };
  });
  const cut = await rejects(
    admin.fs.upload('/disk', cancelling, { mode: 'multipart', concurrency: 1, signal: stop.signal }),
  );
  assert.is(cut.code, 'CANCELLED');
  const done = await admin.fs.upload('/disk', await fileSource(path), { mode: 'multipart' });
  assert.is(done.item.size, bytes.length);
  const back = await admin.fs.download('/disk/ranges.bin', blobDownloadSink());
  assert.is(sha(new Uint8Array(await back.arrayBuffer())), sha(bytes));

  // The mount disabled behind the client's back. It was made a moment after the parts above: the parts
  // find it at once (their held mount list misses it), so the first part is taken. The second part starts
  // the disable and waits for it; parts may see the disable up to a second late (taskFs), complete sees
  // it at once: either refusal reaches the caller.
  await localMount(server, { path: '/going', name: 'going', root: 'going' });
  const going = (await admin.mounts.list()).items.find((m) => m.mount_path === '/going')!;
  let disabling: Promise<unknown> | null = null;
  let begun = 0;
  const gated = onEachPart(await fileSource(path), async (n, request) => {
    begun = n;
    if (n === 2) disabling = admin.mounts.setActive(going.id, false);
    await disabling;
    return request;
  });
  const refused = await rejects(
    admin.fs.upload('/going', gated, { mode: 'multipart', concurrency: 1, retries: 0 }),
  );
  assert.ok(begun >= 2, `the first part of a new mount was refused: ${refused.status} ${refused.message}`);
  assert.ok(refused.status >= 400 && refused.status < 500, `${refused.status} ${refused.message}`);
  assert.match(refused.message, /going/);
});

test('fs.download into a Node file resumes by Range from a .part file of the same version', async () => {
  const bytes = randomBytes(6 * MIB + 5);
  await admin.fs.upload('/disk', new Blob([bytes]), { filename: 'dl.bin', mode: 'multipart' });
  const dest = join(dir, 'dl.bin');
  // The first run stops once a megabyte is in.
  const stop = new AbortController();
  const sink = fileDownloadSink(dest);
  let written = 0;
  const stopping = {
    ...sink,
    async write(chunk: Uint8Array) {
      await sink.write(chunk);
      written += chunk.byteLength;
      if (written > MIB) stop.abort();
    },
  };
  const cut = await rejects(admin.fs.download('/disk/dl.bin', stopping, { signal: stop.signal }));
  assert.is(cut.code, 'CANCELLED');
  const held = (await stat(`${dest}.part`)).size;
  assert.ok(held > 0 && held < bytes.length, `held ${held}`);
  const ranges: string[] = [];
  const token = await server.adminToken();
  const watching = new ClipClient({
    baseUrl: server.url,
    auth: { type: 'admin', token },
    fetch: (input, init) => {
      const h = new Headers(init.headers);
      if (String(input).includes('/fs/download')) ranges.push(h.get('range') ?? '');
      return fetch(input, init);
    },
  });
  assert.is(await watching.fs.download('/disk/dl.bin', fileDownloadSink(dest)), dest);
  assert.equal(ranges, [`bytes=${held}-`]);
  assert.is(sha(await readFile(dest)), sha(bytes));
  assert.is(await stat(`${dest}.part`).catch(() => null), null);

  // A .part of another version is not continued: the file is fetched whole.
  await writeFile(`${dest}.part`, randomBytes(1000));
  await writeFile(`${dest}.part.json`, JSON.stringify({ size: bytes.length, etag: 'other-version' }));
  ranges.length = 0;
  await watching.fs.download('/disk/dl.bin', fileDownloadSink(dest));
  assert.equal(ranges, ['']);
  assert.is(sha(await readFile(dest)), sha(bytes));
});

test('fs.upload of a Node file resumes after an interruption; a changed file starts over', async () => {
  const bytes = randomBytes(16 * MIB);
  const path = join(dir, 'resumable.bin');
  await writeFile(path, bytes);
  const stop = new AbortController();
  let ok = 0;
  const cut = await rejects(
    admin.fs.upload('/disk', await fileSource(path), {
      mode: 'multipart',
      concurrency: 1,
      signal: stop.signal,
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        if (String(input).includes('/multipart/part') && res.ok && ++ok === 1) stop.abort();
        return res;
      },
    }),
  );
  assert.is(cut.code, 'CANCELLED');
  const sent: number[] = [];
  const counting = (input: string, init: RequestInit) => {
    const m = /[?&]partNumber=(\d+)/.exec(input);
    if (m) sent.push(Number(m[1]));
    return fetch(input, init);
  };
  const done = await admin.fs.upload('/disk', await fileSource(path), { mode: 'multipart', fetch: counting });
  assert.equal(
    sent.sort((a, b) => a - b),
    [2, 3, 4],
  );
  const back = await admin.fs.download('/disk/resumable.bin', blobDownloadSink());
  assert.is(sha(new Uint8Array(await back.arrayBuffer())), sha(bytes));

  // Same name and size, other bytes: the fingerprint differs, so nothing of the old session is reused.
  const stop2 = new AbortController();
  ok = 0;
  await rejects(
    admin.fs.upload('/disk', await fileSource(path, { name: 'again.bin' }), {
      mode: 'multipart',
      concurrency: 1,
      signal: stop2.signal,
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        if (String(input).includes('/multipart/part') && res.ok && ++ok === 1) stop2.abort();
        return res;
      },
    }),
  );
  const changed = Buffer.from(bytes);
  changed[changed.length - 1] ^= 0xff;
  await writeFile(path, changed);
  sent.length = 0;
  const fresh = await admin.fs.upload('/disk', await fileSource(path, { name: 'again.bin' }), {
    mode: 'multipart',
    fetch: counting,
  });
  assert.equal(
    sent.sort((a, b) => a - b),
    [1, 2, 3, 4],
  );
  assert.is.not(fresh.uploadId, done.uploadId);
  const again = await admin.fs.download('/disk/again.bin', blobDownloadSink());
  assert.is(sha(new Uint8Array(await again.arrayBuffer())), sha(changed));
});

test('a key without mount permission, or outside its path, is refused by every upload call', async () => {
  const { client: noMount } = await server.keyClient({ file: true });
  assert.is((await rejects(noMount.fs.upload('/disk', new Blob(['x']), { filename: 'x.txt' }))).status, 403);
  const { client: scoped } = await server.keyClient({ mount: true, basic_path: '/disk/inside' });
  await admin.fs.mkdir('/disk/inside');
  const outside = await rejects(
    scoped.fs.upload('/disk', new Blob([randomBytes(2 * MIB)]), { filename: 'o.bin', mode: 'multipart' }),
  );
  assert.is(outside.status, 403);
  const inside = await scoped.fs.upload('/disk/inside', new Blob([randomBytes(2 * MIB)]), {
    filename: 'i.bin',
    mode: 'multipart',
  });
  assert.is(inside.key, '/disk/inside/i.bin');
});

test.run();
