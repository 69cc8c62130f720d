// @clip-databases sqlite postgres
// Upload requests (links.md "Upload requests", issue 29 items 6-8) over a local and an s3rver mount: the
// owner's CRUD, the anonymous resumable upload, names cleaned and never replacing, nothing of an
// unfinished upload in the folder, the sweep, and the checks at start and at completion.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type ClipClient,
  type ClipError,
  FS_UPLOAD_IDLE_MS,
  type RememberedRequestUpload,
  type UploadRequestRecord,
  uploadToRequest,
} from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { offsetClock } from '../../clock.ts';
import { localMount, type MountUnderTest, s3Mount } from '../../testing/mounts.ts';
import { rejects } from '../../testing/rejects.ts';
import { startS3rver, type TestS3 } from '../../testing/s3rver.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { partStoreFor } from '../../uploads/sessions/partStores.ts';
import { MIB, randomBuffer, sha256, storedBytes } from '../../uploads/sessions/testing/multipartKit.ts';

let server: TestServer;
let s3: TestS3;
let admin: ClipClient;
let mounts: MountUnderTest[];
const clock = offsetClock();

test.before(async () => {
  s3 = await startS3rver();
  server = await startTestServer({}, { clock });
  admin = await server.adminClient();
  mounts = [await localMount(server), await s3Mount(server, s3)];
});

test.after(async () => {
  await server?.close();
  await s3?.close();
});

let folders = 0;
/** A fresh folder in `mount` with a request on it. */
async function requestIn(
  mount: MountUnderTest,
  options: Omit<Parameters<ClipClient['uploadRequests']['create']>[0], 'path'> = {},
): Promise<{ folder: string; request: UploadRequestRecord }> {
  const folder = `${mount.path}/inbox-${++folders}`;
  await admin.fs.mkdir(folder);
  return { folder, request: await admin.uploadRequests.create({ path: folder, ...options }) };
}

const names = async (folder: string) => (await admin.fs.list(folder)).items.map((i) => i.name).sort();

/** Raw public calls, for what the SDK never sends. */
async function call(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: { message: string; data: unknown } }> {
  const res = await fetch(`${server.url}/api/public/r/${path}`, init);
  return { status: res.status, body: (await res.json()) as { message: string; data: unknown } };
}
const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

for (const which of ['local', 's3'] as const) {
  const mount = () => mounts.find((m) => m.kind === which)!;

  test(`${which}: a 12 MiB file goes up in 5 MiB parts and lands byte-identical; the owner sees who sent it`, async () => {
    const { folder, request } = await requestIn(mount(), {
      title: 'Send me the scans',
      message: 'PDFs please',
    });
    assert.is(request.url, `${server.url}/r/${request.slug}`);
    const info = await server.client().uploadRequests.info(request.slug);
    assert.is(info.title, 'Send me the scans');
    assert.equal(info.remaining, { files: null, bytes: null });
    const bytes = randomBuffer(12 * MIB);
    const seen: number[] = [];
    const done = await uploadToRequest(request.url, new Blob([bytes]), {
      filename: 'scan.bin',
      uploader: 'Ada',
      onProgress: (p) => seen.push(p.loaded),
    });
    assert.equal(done, { name: 'scan.bin', size: bytes.length });
    assert.is(seen.at(-1), bytes.length);
    const key = `${folder.slice(mount().path.length + 1)}/scan.bin`;
    assert.is(sha256(await storedBytes(mount().driver, key)), sha256(bytes));
    assert.ok((await names(folder)).includes('scan.bin'));
    const detail = await admin.uploadRequests.get(request.id);
    assert.is(detail.files_received, 1);
    assert.is(detail.bytes_received, bytes.length);
    assert.is(detail.received[0].name, 'scan.bin');
    assert.is(detail.received[0].path, `${folder}/scan.bin`);
    assert.is(detail.received[0].uploader, 'Ada');
    assert.is(detail.received[0].size, bytes.length);
  });

  test(`${which}: a received file never replaces one; names are cleaned`, async () => {
    const { folder, request } = await requestIn(mount());
    await admin.fs.upload(folder, new Blob(['mine']), { filename: 'report.pdf' });
    const sent = [];
    for (const body of ['one', 'two'])
      sent.push(await uploadToRequest(request.url, new Blob([body]), { filename: 'report.pdf' }));
    assert.equal(
      sent.map((s) => s.name),
      ['report (1).pdf', 'report (2).pdf'],
    );
    const odd = await uploadToRequest(request.url, new Blob(['x']), {
      filename: '../../etc/pass\u0001wd\u0007',
    });
    assert.is(odd.name, '.._.._etc_passwd');
    const clip = await uploadToRequest(request.url, new Blob(['x']), { filename: '.clip' });
    assert.is(clip.name, '_.clip');
    assert.equal(await names(folder), [
      '.._.._etc_passwd',
      '_.clip',
      'report (1).pdf',
      'report (2).pdf',
      'report.pdf',
    ]);
    const key = `${folder.slice(mount().path.length + 1)}/report.pdf`;
    assert.is((await storedBytes(mount().driver, key)).toString(), 'mine');
  });

  test(`${which}: an unfinished upload shows nothing in the folder, resumes with only the missing parts, and is swept`, async () => {
    const { folder, request } = await requestIn(mount(), { max_files: 1 });
    const bytes = randomBuffer(11 * MIB);
    const kept = new Map<string, RememberedRequestUpload>();
    const memory = {
      get: async (k: string) => kept.get(k),
      set: async (k: string, v: RememberedRequestUpload) => void kept.set(k, v),
      delete: async (k: string) => void kept.delete(k),
    };
    // The first attempt is cut after its first part.
    const stop = new AbortController();
    const first = await rejects(
      uploadToRequest(request.url, new Blob([bytes]), {
        filename: 'big.bin',
        memory,
        concurrency: 1,
        onProgress: (p) => p.loaded >= 5 * MIB && stop.abort(),
        signal: stop.signal,
      }),
    );
    assert.is(first.code, 'CANCELLED');
    assert.is(kept.size, 1);
    assert.equal(await names(folder), []);
    const { uploadId, uploadToken } = [...kept.values()][0];
    const status = await server.client().uploadRequests.status(request.slug, uploadId, uploadToken);
    assert.ok(status.parts.includes(1));
    // The file in flight holds the request's one file: a second uploader is refused.
    const other = await rejects(uploadToRequest(request.url, new Blob(['x']), { filename: 'x.bin' }));
    assert.is(other.status, 413);
    // Resumed: part 1 is not sent again.
    let sentAgain = 0;
    const done = await uploadToRequest(request.url, new Blob([bytes]), {
      filename: 'big.bin',
      memory,
      onProgress: (p) => {
        sentAgain = p.loaded;
      },
      fetch: async (url, init) => {
        assert.not.match(String(url), /\/parts\/1$/);
        return fetch(url, init);
      },
    });
    assert.is(done.size, bytes.length);
    assert.is(sentAgain, bytes.length);
    assert.is(kept.size, 0);
    assert.equal(await names(folder), ['big.bin']);

    // An abandoned session: invisible, swept after a day idle, and its reservation given back.
    const { request: r2, folder: f2 } = await requestIn(mount(), { max_files: 1 });
    const started = await server
      .client()
      .uploadRequests.start(r2.slug, { filename: 'left.bin', size: 6 * MIB });
    const part = await fetch(server.client().uploadRequests.partUrl(r2.slug, started.uploadId, 1), {
      method: 'PUT',
      headers: { 'x-upload-token': started.uploadToken },
      body: randomBuffer(5 * MIB),
    });
    assert.is(part.status, 200);
    assert.equal(await names(f2), []);
    assert.equal((await server.client().uploadRequests.info(r2.slug)).remaining.files, 0);
    clock.advance(FS_UPLOAD_IDLE_MS + 60_000);
    const swept = await server.app.services.sweepUploads();
    assert.ok(swept.removed >= 1);
    assert.equal((await server.client().uploadRequests.info(r2.slug)).remaining.files, 1);
    const gone = await rejects(
      server.client().uploadRequests.status(r2.slug, started.uploadId, started.uploadToken),
    );
    assert.is(gone.status, 410);
    // The request's row of the swept upload goes with the request sweep; the upload is then unknown.
    assert.ok((await server.app.services.uploadRequests.uploads.sweep()) >= 1);
    const forgotten = await rejects(
      server.client().uploadRequests.status(r2.slug, started.uploadId, started.uploadToken),
    );
    assert.is(forgotten.status, 404);
    if (which === 'local') {
      const staged = await readdir(join(server.dataDir, 'mount-loc', '.clip', 'uploads')).catch(
        () => [] as string[],
      );
      assert.not.ok(staged.includes(started.uploadId));
    }
    assert.equal(await names(f2), []);
  });

  test(`${which}: a completion cut after its parts were joined leaves no staging object once swept`, async () => {
    const { folder, request } = await requestIn(mount());
    const started = await server
      .client()
      .uploadRequests.start(request.slug, { filename: 'cut.bin', size: 6 * MIB });
    const bytes = randomBuffer(6 * MIB);
    for (const [n, body] of [bytes.subarray(0, 5 * MIB), bytes.subarray(5 * MIB)].entries()) {
      const res = await fetch(server.client().uploadRequests.partUrl(request.slug, started.uploadId, n + 1), {
        method: 'PUT',
        headers: { 'x-upload-token': started.uploadToken },
        body,
      });
      assert.is(res.status, 200);
    }
    // What complete() does before the file gets its name, then the process dies.
    const { sessions } = server.app.services.fsUploads;
    const session = (await sessions.byId(started.uploadId))!;
    assert.ok(await sessions.transition(session.id, 'uploading', 'completing', { updated_at: clock.now() }));
    await partStoreFor(mount().driver).finish(session, await sessions.parts(session.id));
    assert.is(sha256(await storedBytes(mount().driver, session.object_key)), sha256(bytes));

    clock.advance(FS_UPLOAD_IDLE_MS + 60_000);
    assert.ok((await server.app.services.sweepUploads()).aborted >= 1);
    assert.is(await mount().driver.stat(session.object_key), null);
    assert.equal(await names(folder), []);
  });
}

test('limits are exact under concurrency: files and total bytes, counting uploads in flight', async () => {
  const { request } = await requestIn(mounts[0], { max_files: 2 });
  const anon = server.client().uploadRequests;
  const starts = await Promise.allSettled(
    Array.from({ length: 6 }, (_, i) => anon.start(request.slug, { filename: `f${i}.txt`, size: 3 })),
  );
  assert.is(starts.filter((s) => s.status === 'fulfilled').length, 2);
  for (const s of starts)
    if (s.status === 'rejected') {
      assert.is((s.reason as ClipError).status, 413);
      assert.equal((s.reason as ClipError).data, { limit: 'max_files' });
    }

  const { request: byBytes } = await requestIn(mounts[0], { max_total_bytes: 10 });
  const sized = await Promise.allSettled(
    Array.from({ length: 5 }, (_, i) => anon.start(byBytes.slug, { filename: `b${i}.txt`, size: 6 })),
  );
  assert.is(sized.filter((s) => s.status === 'fulfilled').length, 1);
  const info = await anon.info(byBytes.slug);
  assert.equal(info.remaining, { files: null, bytes: 4 });
});

test('type, size, expiry and password are checked at the start and again at completion', async () => {
  const anon = server.client().uploadRequests;
  const { request } = await requestIn(mounts[0], { allowed_types: ['.pdf', 'image/*'], max_file_bytes: 100 });
  assert.is((await rejects(anon.start(request.slug, { filename: 'a.exe', size: 3 }))).status, 415);
  assert.is((await rejects(anon.start(request.slug, { filename: 'a.pdf', size: 101 }))).status, 413);
  const png = await anon.start(request.slug, { filename: 'pic', size: 3, contentType: 'image/png' });
  const pdf = await anon.start(request.slug, { filename: 'A.PDF', size: 3 });
  for (const s of [png, pdf])
    await fetch(anon.partUrl(request.slug, s.uploadId, 1), {
      method: 'PUT',
      headers: { 'x-upload-token': s.uploadToken },
      body: 'abc',
    });
  // The owner narrows the types while the bytes travel: completion applies the rules as they stand.
  await admin.uploadRequests.update(request.id, { allowed_types: ['.pdf'] });
  assert.is((await rejects(anon.complete(request.slug, png.uploadId, png.uploadToken))).status, 415);
  assert.equal(await anon.complete(request.slug, pdf.uploadId, pdf.uploadToken), { name: 'A.PDF', size: 3 });

  // Expiry: at the start, and at completion.
  const { request: soon } = await requestIn(mounts[0], { expires_in: 60 });
  const early = await anon.start(soon.slug, { filename: 'late.txt', size: 2 });
  await fetch(anon.partUrl(soon.slug, early.uploadId, 1), {
    method: 'PUT',
    headers: { 'x-upload-token': early.uploadToken },
    body: 'hi',
  });
  clock.advance(61_000);
  assert.is((await rejects(anon.complete(soon.slug, early.uploadId, early.uploadToken))).status, 410);
  assert.is((await rejects(anon.start(soon.slug, { filename: 'x.txt', size: 1 }))).status, 410);
  assert.is((await rejects(anon.info(soon.slug))).status, 410);

  // Password: 401 with requires_password, a token from verify, and a new password voids the token.
  const { request: locked } = await requestIn(mounts[0], { password: 'open sesame' });
  const needs = await call(locked.slug);
  assert.is(needs.status, 401);
  assert.equal(needs.body.data, { requires_password: true });
  assert.is((await rejects(anon.start(locked.slug, { filename: 'a.txt', size: 1 }))).status, 401);
  assert.is((await rejects(anon.verify(locked.slug, 'wrong'))).code, 'WRONG_PASSWORD');
  const { token } = await anon.verify(locked.slug, 'open sesame');
  assert.is((await anon.info(locked.slug, token)).requires_password, true);
  const s = await anon.start(locked.slug, { filename: 'a.txt', size: 1 }, token);
  await fetch(anon.partUrl(locked.slug, s.uploadId, 1), {
    method: 'PUT',
    headers: { 'x-upload-token': s.uploadToken },
    body: 'a',
  });
  await admin.uploadRequests.update(locked.id, { password: 'new secret' });
  assert.is((await rejects(anon.complete(locked.slug, s.uploadId, s.uploadToken, token))).status, 401);
  const fresh = await anon.verify(locked.slug, 'new secret');
  assert.equal(await anon.complete(locked.slug, s.uploadId, s.uploadToken, fresh.token), {
    name: 'a.txt',
    size: 1,
  });
  const viaSdk = await uploadToRequest(locked.url, new Blob(['zz']), {
    filename: 'b.txt',
    password: 'new secret',
  });
  assert.is(viaSdk.name, 'b.txt');
});

test('bad input: parts over their size, without a length, out of range; unknown slugs', async () => {
  const anon = server.client().uploadRequests;
  const { request } = await requestIn(mounts[0]);
  const s = await anon.start(request.slug, { filename: 'x.bin', size: 6 * MIB });
  assert.is(s.partSize, 5 * MIB);
  assert.is(s.parts, 2);
  const put = (n: number | string, body: Uint8Array | string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/public/r/${request.slug}/uploads/${s.uploadId}/parts/${n}`, {
      method: 'PUT',
      headers: { 'x-upload-token': s.uploadToken, ...headers },
      body,
    });
  assert.is((await put(1, randomBuffer(5 * MIB + 1))).status, 400);
  assert.is((await put(3, 'x')).status, 400);
  assert.is((await put('0', 'x')).status, 400);
  assert.is((await put(2, randomBuffer(1000))).status, 400);
  const early = await call(`${request.slug}/uploads/${s.uploadId}/complete`, {
    method: 'POST',
    headers: { 'x-upload-token': s.uploadToken },
  });
  assert.is(early.status, 409);
  assert.match(early.body.message, /missing parts 1, 2/);
  assert.is((await call('no-such-request')).status, 404);
  assert.is((await call(`${request.slug}/uploads`, json({ filename: 'a', size: -1 }))).status, 400);
  assert.is((await call(`${request.slug}/uploads`, json({ filename: '', size: 1 }))).status, 400);
  // Nothing half-written: the refused parts left no trace in the status.
  assert.equal((await anon.status(request.slug, s.uploadId, s.uploadToken)).parts, []);
});

test('security: sessions are bound to their token and request; strangers and other keys reach nothing', async () => {
  const anon = server.client().uploadRequests;
  const { request: a } = await requestIn(mounts[0]);
  const { request: b } = await requestIn(mounts[0]);
  const s = await anon.start(a.slug, { filename: 'x.txt', size: 1 });
  const part = (slug: string, headers: Record<string, string>) =>
    fetch(`${server.url}/api/public/r/${slug}/uploads/${s.uploadId}/parts/1`, {
      method: 'PUT',
      headers,
      body: 'x',
    });
  assert.is((await part(a.slug, {})).status, 401);
  assert.is((await part(a.slug, { 'x-upload-token': 'not-the-token' })).status, 403);
  assert.is((await part(b.slug, { 'x-upload-token': s.uploadToken })).status, 404);
  assert.is((await rejects(anon.status(a.slug, s.uploadId, 'nope'))).status, 403);
  assert.is((await rejects(anon.complete(b.slug, s.uploadId, s.uploadToken))).status, 404);

  // A stranger cannot manage; a key sees its own requests only, and needs write access to the folder.
  assert.is((await rejects(server.client().uploadRequests.list())).status, 401);
  const key = await server.keyClient({ mount: true, basic_path: '/loc' });
  const other = await server.keyClient({ mount: true });
  const textOnly = await server.keyClient({ text: true });
  assert.is((await rejects(textOnly.client.uploadRequests.list())).status, 403);
  await admin.fs.mkdir('/loc/key-inbox');
  const mine = await key.client.uploadRequests.create({ path: '/loc/key-inbox' });
  assert.is(mine.created_by, `apikey:${key.id}`);
  assert.is((await rejects(key.client.uploadRequests.create({ path: '/s3' }))).status, 403);
  assert.is((await rejects(key.client.uploadRequests.create({ path: '/loc/missing' }))).status, 404);
  assert.is((await rejects(other.client.uploadRequests.get(mine.id))).status, 404);
  assert.is((await rejects(other.client.uploadRequests.remove(mine.id))).status, 404);
  assert.equal((await other.client.uploadRequests.list()).items, []);
  assert.ok((await key.client.uploadRequests.list()).items.some((r) => r.id === mine.id));
  assert.ok((await admin.uploadRequests.list()).items.some((r) => r.id === mine.id));
  assert.is((await uploadToRequest(mine.url, new Blob(['k']), { filename: 'k.txt' })).name, 'k.txt');
  // The key loses its mount permission, then is deleted: the link is unknown from then on.
  await admin.apiKeys.update(key.id, { mount_permission: false });
  assert.is((await rejects(anon.info(mine.slug))).status, 404);
  await admin.apiKeys.update(key.id, { mount_permission: true });
  assert.is((await anon.info(mine.slug)).requires_password, false);
  await admin.apiKeys.remove(key.id);
  assert.is((await rejects(anon.info(mine.slug))).status, 404);
  assert.is((await rejects(anon.start(mine.slug, { filename: 'k.txt', size: 1 }))).status, 404);
  // A folder removed closes the link too; deleting a request keeps what arrived.
  const { folder, request: c } = await requestIn(mounts[0]);
  await uploadToRequest(c.url, new Blob(['kept']), { filename: 'kept.txt' });
  await admin.uploadRequests.remove(c.id);
  assert.is((await rejects(anon.info(c.slug))).status, 404);
  assert.equal(await names(folder), ['kept.txt']);
  await admin.fs.remove(folder);
  const { request: d, folder: f2 } = await requestIn(mounts[0]);
  await admin.fs.remove(f2);
  assert.is((await rejects(anon.info(d.slug))).status, 404);
});

test('management: slugs, expiry, update of limits, validation', async () => {
  const { request } = await requestIn(mounts[0], { slug: 'my-inbox', expires_in: -1, max_files: 3 });
  assert.is(request.slug, 'my-inbox');
  assert.is(request.expires_at, null);
  assert.is((await rejects(requestIn(mounts[0], { slug: 'my-inbox' }))).status, 409);
  assert.is((await rejects(requestIn(mounts[0], { slug: 'bad slug!' }))).status, 400);
  assert.is((await rejects(requestIn(mounts[0], { allowed_types: ['pdf'] }))).status, 400);
  const dflt = (await requestIn(mounts[0])).request;
  assert.is(new Date(dflt.expires_at!).getTime() - new Date(dflt.created_at).getTime(), 7 * 24 * 3600_000);
  const updated = await admin.uploadRequests.update(request.id, {
    max_files: null,
    title: 'Inbox',
    password: 'pw',
  });
  assert.is(updated.limits.max_files, null);
  assert.is(updated.title, 'Inbox');
  assert.is(updated.requires_password, true);
  assert.equal(updated.received, []);
  assert.is((await rejects(admin.uploadRequests.create({ path: '/loc/../etc' }))).status, 400);
  await admin.fs.upload('/loc', new Blob(['f']), { filename: 'a-file.txt' });
  assert.is((await rejects(admin.uploadRequests.create({ path: '/loc/a-file.txt' }))).status, 409);
  assert.is((await rejects(admin.uploadRequests.update('nope', { title: 'x' }))).status, 404);
});

test.run();
