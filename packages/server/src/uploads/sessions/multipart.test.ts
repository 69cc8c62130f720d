// @clip-databases sqlite postgres
// Resumable multipart uploads into mounts (mounts.md "Resumable multipart uploads"), on a local mount and
// an s3rver mount alike: byte-identical results, the server-owned key, exact part sizes, resume from
// status with only the missing parts sent, complete from the database's parts, abort and the idle sweep.
import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { type ClipClient, FS_UPLOAD_IDLE_MS, type UploadSource } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { localMount, type MountUnderTest, s3Mount } from '../../testing/mounts.ts';
import { rejects } from '../../testing/rejects.ts';
import { startS3rver, type TestS3 } from '../../testing/s3rver.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { MIB, postPart, randomBuffer, sha256, storedBytes } from './testing/multipartKit.ts';

let server: TestServer;
let s3: TestS3;
let admin: ClipClient;
let token: string;
let mounts: MountUnderTest[];

test.before(async () => {
  s3 = await startS3rver();
  server = await startTestServer();
  admin = await server.adminClient();
  token = await server.adminToken();
  mounts = [await localMount(server), await s3Mount(server, s3)];
});

test.after(async () => {
  await server?.close();
  await s3?.close();
});

// Local parts live inside the storage (the local mount's root is `<data>/mount-loc`), not the data dir.
const uploadsDir = () => join(server.dataDir, 'mount-loc', '.clip', 'uploads');
const sessionDirs = async () => readdir(uploadsDir()).catch(() => [] as string[]);

/** A Blob-backed source that counts how many bytes of it were read, for "only the missing parts". */
function countingSource(bytes: Buffer, name: string): UploadSource & { read: number } {
  const blob = new Blob([bytes]);
  const source = {
    name,
    size: bytes.length,
    type: 'application/octet-stream',
    lastModified: 1_700_000_000_000,
    read: 0,
    body(start: number, end: number) {
      if (end - start > 64 * 1024) source.read += end - start;
      return { body: blob.slice(start, end), streamsProgress: false };
    },
    postForm: () => Promise.reject(new Error('not used')),
  };
  return source;
}

for (const which of ['local', 's3'] as const) {
  const mount = () => mounts.find((m) => m.kind === which)!;

  test(`${which}: a 12 MiB file in 3 parts lands byte-identical`, async () => {
    const bytes = randomBuffer(12 * MIB);
    const init = await admin.fs.multipartInit({
      path: mount().path,
      filename: 'twelve.bin',
      fileSize: bytes.length,
      contentType: 'application/octet-stream',
    });
    assert.is(init.partSize, 5 * MIB);
    assert.is(init.partCount, 3);
    assert.is(init.key, `${mount().path}/twelve.bin`);
    assert.equal(init.parts, []);
    // Out of order, as three parallel parts may arrive.
    for (const n of [3, 1, 2]) {
      const chunk = bytes.subarray((n - 1) * init.partSize, Math.min(n * init.partSize, bytes.length));
      const r = await postPart(
        server,
        token,
        { path: mount().path, uploadId: init.uploadId, partNumber: n, isLastPart: n === 3, key: init.key },
        chunk,
      );
      assert.is(r.status, 200, r.json.message);
      assert.is((r.json.data as { partNumber: number }).partNumber, n);
    }
    const status = await admin.fs.multipartStatus(init.uploadId);
    assert.equal(
      status.parts.map((p) => [p.partNumber, p.size]),
      [
        [1, 5 * MIB],
        [2, 5 * MIB],
        [3, 2 * MIB],
      ],
    );
    const done = await admin.fs.multipartComplete({
      uploadId: init.uploadId,
      key: init.key,
      path: mount().path,
    });
    assert.is(done.item.path, `${mount().path}/twelve.bin`);
    assert.is(done.item.size, bytes.length);
    assert.is(sha256(await storedBytes(mount().driver, 'twelve.bin')), sha256(bytes));
    // A retried complete answers the same result.
    assert.equal(await admin.fs.multipartComplete({ uploadId: init.uploadId, key: init.key }), done);
    // The listing shows the new file at once (the cache was invalidated).
    const listed = await admin.fs.list(mount().path);
    assert.ok(listed.items.some((i) => i.name === 'twelve.bin' && i.size === bytes.length));
    if (which === 'local') assert.equal(await sessionDirs(), [], 'local parts are cleaned up');
  });

  test(`${which}: a part whose key differs from the session's is 403 and writes nothing`, async () => {
    const init = await admin.fs.multipartInit({
      path: mount().path,
      filename: 'keyed.bin',
      fileSize: 6 * MIB,
    });
    const part = randomBuffer(5 * MIB);
    const queries: Record<string, string | number>[] = [
      { uploadId: init.uploadId, partNumber: 1, key: `${mount().path}/elsewhere.bin` },
      { uploadId: init.uploadId, partNumber: 1, key: init.key, path: '/other' },
    ];
    for (const query of queries) {
      const r = await postPart(server, token, query, part);
      assert.is(r.status, 403);
      assert.match(r.json.message, /does not belong to upload/);
    }
    assert.equal((await admin.fs.multipartStatus(init.uploadId)).parts, []);
    if (which === 'local') assert.equal(await sessionDirs(), [], 'no part file was written');
    assert.is(await mount().driver.stat('elsewhere.bin'), null);
    const err = await rejects(
      admin.fs.multipartComplete({ uploadId: init.uploadId, key: `${mount().path}/elsewhere.bin` }),
    );
    assert.is(err.status, 403);
    await admin.fs.multipartAbort({ uploadId: init.uploadId, key: init.key });
  });

  test(`${which}: a client that goes away mid-part leaves the server up and the part unrecorded`, async () => {
    const init = await admin.fs.multipartInit({
      path: mount().path,
      filename: 'gone-mid.bin',
      fileSize: 6 * MIB,
    });
    const qs = new URLSearchParams({ uploadId: init.uploadId, partNumber: '1', key: init.key });
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.write(
      `POST /api/admin/fs/multipart/part?${qs} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/octet-stream\r\nContent-Length: ${5 * MIB}\r\n\r\n`,
    );
    // Half the part, then the tab closes: once the server has taken the bytes, the socket is destroyed.
    await new Promise<void>((r) => socket.write(randomBuffer(2 * MIB), () => r()));
    socket.destroy();
    for (let i = 0; i < 50; i++) {
      const health = await fetch(`${server.url}/api/health`);
      assert.is(health.status, 200);
      if (i >= 5) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal((await admin.fs.multipartStatus(init.uploadId)).parts, []);
    await admin.fs.multipartAbort({ uploadId: init.uploadId, key: init.key });
  });

  test(`${which}: parts of the wrong size are 400; isLastPart must agree`, async () => {
    const init = await admin.fs.multipartInit({
      path: mount().path,
      filename: 'sizes.bin',
      fileSize: 7 * MIB,
    });
    assert.is(init.partCount, 2);
    const q = (n: number, extra: Record<string, string | number | boolean> = {}) => ({
      uploadId: init.uploadId,
      partNumber: n,
      key: init.key,
      ...extra,
    });
    let r = await postPart(server, token, q(1), randomBuffer(MIB));
    assert.is(r.status, 400);
    assert.match(r.json.message, /must have exactly 5242880/);
    r = await postPart(server, token, q(2), randomBuffer(MIB + 1));
    assert.is(r.status, 400);
    assert.match(r.json.message, /2097152/);
    r = await postPart(server, token, q(1, { isLastPart: true }), randomBuffer(5 * MIB));
    assert.is(r.status, 400);
    assert.match(r.json.message, /isLastPart/);
    r = await postPart(server, token, q(3), randomBuffer(MIB));
    assert.is(r.status, 400);
    assert.match(r.json.message, /beyond the 2 parts/);
    r = await postPart(server, token, { uploadId: init.uploadId, partNumber: 0 }, randomBuffer(10));
    assert.is(r.status, 400);
    assert.equal((await admin.fs.multipartStatus(init.uploadId)).parts, []);
    // A complete with parts missing is refused, naming them.
    const err = await rejects(admin.fs.multipartComplete({ uploadId: init.uploadId }));
    assert.is(err.status, 409);
    assert.match(err.message, /missing parts 1, 2/);
    await admin.fs.multipartAbort({ uploadId: init.uploadId, key: init.key });
  });

  test(`${which}: complete with a part list that disagrees is 409`, async () => {
    const bytes = randomBuffer(6 * MIB);
    const init = await admin.fs.multipartInit({
      path: mount().path,
      filename: 'list.bin',
      fileSize: bytes.length,
    });
    for (const n of [1, 2]) {
      const r = await postPart(
        server,
        token,
        { uploadId: init.uploadId, partNumber: n, key: init.key },
        bytes.subarray((n - 1) * init.partSize, Math.min(n * init.partSize, bytes.length)),
      );
      assert.is(r.status, 200, r.json.message);
    }
    const status = await admin.fs.multipartStatus(init.uploadId);
    let err = await rejects(
      admin.fs.multipartComplete({
        uploadId: init.uploadId,
        parts: [{ partNumber: 1, etag: 'bogus' }, { partNumber: 2 }],
      }),
    );
    assert.is(err.status, 409);
    err = await rejects(admin.fs.multipartComplete({ uploadId: init.uploadId, parts: [{ partNumber: 1 }] }));
    assert.is(err.status, 409);
    const done = await admin.fs.multipartComplete({
      uploadId: init.uploadId,
      parts: status.parts.map((p) => ({ partNumber: p.partNumber, etag: `"${p.etag}"` })),
    });
    assert.is(sha256(await storedBytes(mount().driver, 'list.bin')), sha256(bytes));
    assert.is(done.item.size, bytes.length);
  });

  test(`${which}: an interrupted fs.upload resumes and sends only the missing parts`, async () => {
    const bytes = randomBuffer(12 * MIB + 123);
    const first = countingSource(bytes, 'resume.bin');
    // Cancel once two parts are in: one at a time, so exactly parts 1 and 2 land.
    const stop = new AbortController();
    let seen = 0;
    const cut = admin.fs.upload(mount().path, first, {
      concurrency: 1,
      directThreshold: MIB,
      signal: stop.signal,
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        if (String(input).includes('/multipart/part') && res.ok && ++seen === 2) stop.abort();
        return res;
      },
    });
    const err = await rejects(cut);
    assert.is(err.code, 'CANCELLED', `${err.message} ${JSON.stringify(err.data)}`);
    const rows = await server.app.services.db
      .knex('upload_sessions')
      .where({ target_path: `${mount().path}/resume.bin` })
      .select('id');
    assert.is(rows.length, 1, 'the session stays for a resume');
    const before = await admin.fs.multipartStatus(rows[0].id);
    assert.equal(
      before.parts.map((p) => p.partNumber),
      [1, 2],
    );
    const stamps = await server.app.services.db
      .knex('upload_parts')
      .where({ session_id: rows[0].id })
      .select('part_number', 'created_at');

    const second = countingSource(bytes, 'resume.bin');
    const partsSent: number[] = [];
    const done = await admin.fs.upload(mount().path, second, {
      directThreshold: MIB,
      fetch: async (input, init) => {
        const m = /partNumber=(\d+)/.exec(String(input));
        if (m) partsSent.push(Number(m[1]));
        return fetch(input, init);
      },
    });
    assert.equal(partsSent, [3], 'only the missing part went out');
    assert.is(second.read, bytes.length - 10 * MIB, 'only the missing bytes were read');
    assert.is(done.uploadId, rows[0].id, 'the same session finished');
    // At the server: parts 1 and 2 are the rows from the first run, untouched; part 3 is new.
    const after = await server.app.services.db
      .knex('upload_parts')
      .where({ session_id: rows[0].id })
      .select('part_number', 'created_at');
    assert.is(after.length, 3);
    for (const s of stamps)
      assert.is(
        Number(
          after.find((a: { part_number: number }) => Number(a.part_number) === Number(s.part_number))
            .created_at,
        ),
        Number(s.created_at),
      );
    assert.is(sha256(await storedBytes(mount().driver, 'resume.bin')), sha256(bytes));
  });

  test(`${which}: a different file at the same path never resumes another's session`, async () => {
    const a = randomBuffer(6 * MIB);
    const b = randomBuffer(6 * MIB);
    const fp = { path: mount().path, filename: 'same.bin', fileSize: a.length };
    const one = await admin.fs.multipartInit({ ...fp, fingerprint: `v1-${sha256(a).slice(0, 40)}` });
    const two = await admin.fs.multipartInit({ ...fp, fingerprint: `v1-${sha256(b).slice(0, 40)}` });
    assert.is.not(one.uploadId, two.uploadId);
    assert.is(two.resumed, false);
    const again = await admin.fs.multipartInit({ ...fp, fingerprint: `v1-${sha256(a).slice(0, 40)}` });
    assert.is(again.uploadId, one.uploadId);
    assert.is(again.resumed, true);
    // Another actor never sees this session.
    const { client: key } = await server.keyClient({ mount: true });
    const err = await rejects(key.fs.multipartStatus(one.uploadId));
    assert.is(err.status, 404);
    const other = await key.fs.multipartInit({ ...fp, fingerprint: `v1-${sha256(a).slice(0, 40)}` });
    assert.is.not(other.uploadId, one.uploadId);
    for (const id of [one.uploadId, two.uploadId]) await admin.fs.multipartAbort({ uploadId: id });
    await key.fs.multipartAbort({ uploadId: other.uploadId });
  });

  test(`${which}: the idle sweep aborts sessions idle 24 h (injected clock), and only those`, async () => {
    const init = await admin.fs.multipartInit({
      path: mount().path,
      filename: 'idle.bin',
      fileSize: 6 * MIB,
    });
    const r = await postPart(
      server,
      token,
      { uploadId: init.uploadId, partNumber: 1, key: init.key },
      randomBuffer(5 * MIB),
    );
    assert.is(r.status, 200);
    if (which === 'local') {
      assert.equal(await sessionDirs(), [init.uploadId]);
      // Hidden from listings and out of reach of paths, through the service as through the driver.
      const listed = await admin.fs.list(mount().path, { refresh: true });
      assert.not.ok(listed.items.some((item) => item.name === '.clip'));
      const reach = await rejects(admin.fs.get(`${mount().path}/.clip/uploads/${init.uploadId}/data`));
      assert.is(reach.status, 404);
    }
    const sweep = server.app.services.fsUploads.sweep;
    assert.equal(await sweep(Date.now() + FS_UPLOAD_IDLE_MS - 60_000), { aborted: 0, removed: 0 });
    assert.is((await admin.fs.multipartStatus(init.uploadId)).parts.length, 1);
    const swept = await sweep(Date.now() + FS_UPLOAD_IDLE_MS + 60_000);
    assert.ok(swept.aborted >= 1, `aborted ${swept.aborted}`);
    const err = await rejects(admin.fs.multipartStatus(init.uploadId));
    assert.is(err.status, 404);
    if (which === 'local') assert.equal(await sessionDirs(), [], 'the parts on disk went with it');
    assert.is(await mount().driver.stat('idle.bin'), null);
    const late = await postPart(
      server,
      token,
      { uploadId: init.uploadId, partNumber: 2, key: init.key },
      randomBuffer(MIB),
    );
    assert.is(late.status, 404);
  });

  test(`${which}: a complete whose process died mid-way is taken over by a retry`, async () => {
    const bytes = randomBuffer(6 * MIB);
    const init = await admin.fs.multipartInit({
      path: mount().path,
      filename: 'crash.bin',
      fileSize: bytes.length,
    });
    for (const n of [1, 2]) {
      const r = await postPart(
        server,
        token,
        { uploadId: init.uploadId, partNumber: n, key: init.key },
        bytes.subarray((n - 1) * init.partSize, Math.min(n * init.partSize, bytes.length)),
      );
      assert.is(r.status, 200, r.json.message);
    }
    const knex = server.app.services.db.knex;
    const row = await knex('upload_sessions').where({ id: init.uploadId }).first();
    if (which === 's3') {
      // The store completed the upload, then the process died before recording it.
      const parts = await knex('upload_parts').where({ session_id: init.uploadId }).orderBy('part_number');
      const driver = mount().driver as unknown as import('../../storage/driver.ts').MultipartCapability;
      await driver.multipartComplete(
        row.object_key,
        row.storage_upload_id,
        parts.map((p: { part_number: number; etag: string }) => ({
          partNumber: Number(p.part_number),
          etag: p.etag,
        })),
      );
    }
    await knex('upload_sessions')
      .where({ id: init.uploadId })
      .update({ status: 'completing', updated_at: Date.now() });
    // A complete in progress (recent) is not disturbed...
    assert.is((await rejects(admin.fs.multipartComplete({ uploadId: init.uploadId }))).status, 409);
    // ...one that made no progress for a while is taken over.
    await knex('upload_sessions')
      .where({ id: init.uploadId })
      .update({ updated_at: Date.now() - 3600_000 });
    const done = await admin.fs.multipartComplete({ uploadId: init.uploadId });
    assert.is(done.item.size, bytes.length);
    assert.is(sha256(await storedBytes(mount().driver, 'crash.bin')), sha256(bytes));
  });
}

// s3rver keeps a part cut short (real S3 refuses a body shorter than its Content-Length): local only.
test('local: a part sent again and cut short is forgotten, never joined spoiled', async () => {
  const mount = () => mounts.find((m) => m.kind === 'local')!;
  const bytes = randomBuffer(7 * MIB);
  const init = await admin.fs.multipartInit({
    path: mount().path,
    filename: 'resent.bin',
    fileSize: 7 * MIB,
  });
  const q = (n: number) => ({ uploadId: init.uploadId, partNumber: n, key: init.key });
  const slice = (n: number) => bytes.subarray((n - 1) * init.partSize, n * init.partSize);
  for (const n of [1, 2]) assert.is((await postPart(server, token, q(n), slice(n))).status, 200);
  // Part 1 again, other bytes, cut short after 2 MiB.
  const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
  await new Promise<void>((r) => socket.once('connect', () => r()));
  socket.write(
    `POST /api/admin/fs/multipart/part?${new URLSearchParams(q(1) as never)} HTTP/1.1\r\nHost: x\r\n` +
      `Authorization: Bearer ${token}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${5 * MIB}\r\n\r\n`,
  );
  await new Promise<void>((r) => socket.write(randomBuffer(2 * MIB), () => r()));
  const partNumbers = async () =>
    (await admin.fs.multipartStatus(init.uploadId)).parts.map((p) => p.partNumber);
  // Written in place over its earlier copy: forgotten before the first byte lands.
  for (let i = 0; i < 200 && (await partNumbers()).includes(1); i++)
    await new Promise((r) => setImmediate(r));
  assert.equal(await partNumbers(), [2]);
  socket.destroy();
  {
    const err = await rejects(admin.fs.multipartComplete({ uploadId: init.uploadId, key: init.key }));
    assert.is(err.status, 409);
    assert.match(err.message, /missing parts 1\b/);
    assert.is((await postPart(server, token, q(1), slice(1))).status, 200);
  }
  const done = await admin.fs.multipartComplete({ uploadId: init.uploadId, key: init.key });
  assert.is(done.item.size, bytes.length);
  assert.is(sha256(await storedBytes(mount().driver, 'resent.bin')), sha256(bytes));
  assert.equal(await sessionDirs(), []);
  await mount().driver.remove('resent.bin');
});

// A local part is not hashed (ADR 0094): its ETag names the copy received, so the same bytes sent again
// are another copy, and a completion listing the first copy's ETag is refused.
test('local: a part sent again gets a new ETag; a completion listing the old one is 409', async () => {
  const mount = () => mounts.find((m) => m.kind === 'local')!;
  const bytes = randomBuffer(7 * MIB);
  const init = await admin.fs.multipartInit({ path: mount().path, filename: 'again.bin', fileSize: 7 * MIB });
  const q = (n: number) => ({ uploadId: init.uploadId, partNumber: n, key: init.key });
  const slice = (n: number) => bytes.subarray((n - 1) * init.partSize, n * init.partSize);
  for (const n of [1, 2]) assert.is((await postPart(server, token, q(n), slice(n))).status, 200);
  const first = (await admin.fs.multipartStatus(init.uploadId)).parts;
  assert.ok(
    first.every((p) => /^[0-9a-f]{32}$/.test(p.etag)),
    'an ETag of 32 hex digits',
  );
  assert.is((await postPart(server, token, q(1), slice(1))).status, 200);
  const second = (await admin.fs.multipartStatus(init.uploadId)).parts;
  assert.is.not(second[0].etag, first[0].etag, 'the same bytes again are another copy');
  assert.is(second[1].etag, first[1].etag);
  const stale = await rejects(
    admin.fs.multipartComplete({
      uploadId: init.uploadId,
      parts: first.map((p) => ({ partNumber: p.partNumber, etag: p.etag })),
    }),
  );
  assert.is(stale.status, 409);
  const done = await admin.fs.multipartComplete({
    uploadId: init.uploadId,
    parts: second.map((p) => ({ partNumber: p.partNumber, etag: p.etag })),
  });
  assert.is(sha256(await storedBytes(mount().driver, 'again.bin')), sha256(bytes));
  assert.is(done.item.size, bytes.length);
  await mount().driver.remove('again.bin');
});

test('abort drops the parts; later calls answer 410; an unknown upload is 404', async () => {
  const m = mounts[0];
  const init = await admin.fs.multipartInit({ path: m.path, filename: 'gone.bin', fileSize: 6 * MIB });
  await postPart(
    server,
    token,
    { uploadId: init.uploadId, partNumber: 1, key: init.key },
    randomBuffer(5 * MIB),
  );
  assert.equal(await admin.fs.multipartAbort({ uploadId: init.uploadId, key: init.key }), { aborted: true });
  assert.equal(await sessionDirs(), []);
  const r = await postPart(
    server,
    token,
    { uploadId: init.uploadId, partNumber: 2, key: init.key },
    randomBuffer(MIB),
  );
  assert.is(r.status, 410);
  assert.is((await rejects(admin.fs.multipartComplete({ uploadId: init.uploadId }))).status, 410);
  assert.is((await rejects(admin.fs.multipartStatus('no-such-upload'))).status, 404);
});

test('init checks the target: permission, missing folder, size limit', async () => {
  const { client: scoped } = await server.keyClient({ mount: true, basic_path: '/loc/sub' });
  let err = await rejects(scoped.fs.multipartInit({ path: '/loc', filename: 'x.bin', fileSize: 6 * MIB }));
  assert.is(err.status, 403);
  err = await rejects(
    scoped.fs.multipartInit({ path: '/loc/sub/../x', filename: 'x.bin', fileSize: 6 * MIB }),
  );
  assert.is(err.status, 400);
  err = await rejects(admin.fs.multipartInit({ path: '/loc/nope', filename: 'x.bin', fileSize: 6 * MIB }));
  assert.is(err.status, 409);
  err = await rejects(admin.fs.multipartInit({ path: '/loc', filename: '../x.bin', fileSize: 6 * MIB }));
  assert.is(err.status, 400);
  const { client: noMount } = await server.keyClient({ file: true });
  err = await rejects(noMount.fs.multipartInit({ path: '/loc', filename: 'x.bin', fileSize: 6 * MIB }));
  assert.is(err.status, 403);
  const created = await scoped.fs.multipartInit({
    path: '/loc/sub',
    filename: 'x.bin',
    fileSize: 6 * MIB,
    create_parents: true,
  });
  assert.is(created.key, '/loc/sub/x.bin');
  await scoped.fs.multipartAbort({ uploadId: created.uploadId });
});

test('presign on s3: signed with the exact length; commit HEADs the object and refuses another size', async () => {
  const m = mounts[1];
  const bytes = randomBuffer(300_000);
  const plan = await admin.fs.presign({ path: m.path, fileName: 'pre.bin', fileSize: bytes.length });
  assert.is(plan.headers['content-length'], String(bytes.length));
  assert.match(
    new URL(plan.uploadUrl).searchParams.get('X-Amz-SignedHeaders') ?? '',
    /content-length/,
    'the length is part of the signature',
  );
  const early = await rejects(admin.fs.presignCommit({ uploadId: plan.uploadId, key: plan.key }));
  assert.is(early.status, 409);
  assert.match(early.message, /nothing has been uploaded/);
  // s3rver does not enforce signed headers (real S3 does): a shorter body lands, and commit's HEAD refuses it.
  const put = (url: string, body: Uint8Array) =>
    fetch(url, { method: 'PUT', headers: { 'content-type': plan.headers['content-type'] }, body });
  await put(plan.uploadUrl, bytes.subarray(1));
  const refused = await rejects(admin.fs.presignCommit({ uploadId: plan.uploadId, key: plan.key }));
  assert.is(refused.status, 409);
  assert.match(refused.message, /299999 bytes, but 300000 were declared/);
  assert.is(await m.driver.stat('pre.bin'), null, 'what landed was removed');
  assert.is((await rejects(admin.fs.presignCommit({ uploadId: plan.uploadId }))).status, 410);

  const again = await admin.fs.presign({ path: m.path, fileName: 'pre.bin', fileSize: bytes.length });
  assert.is((await put(again.uploadUrl, bytes)).status, 200);
  const done = await admin.fs.presignCommit({ uploadId: again.uploadId, key: again.key });
  assert.is(done.item.size, bytes.length);
  assert.is(sha256(await storedBytes(m.driver, 'pre.bin')), sha256(bytes));
  assert.equal(
    await admin.fs.presignCommit({ uploadId: again.uploadId }),
    done,
    'a retried commit answers the same',
  );
  const wrongKey = await rejects(admin.fs.presignCommit({ uploadId: again.uploadId, key: '/s3/other.bin' }));
  assert.is(wrongKey.status, 403);

  const local = await rejects(admin.fs.presign({ path: mounts[0].path, fileName: 'x.bin', fileSize: 10 }));
  assert.is(local.status, 400);
  assert.match(local.message, /does not support presigned upload/);
});

test('fs.upload picks direct for small files and presigned when asked', async () => {
  const small = new Blob([randomBuffer(1000)]);
  const done = await admin.fs.upload(mounts[0].path, small, { filename: 'small.bin' });
  assert.is(done.item.size, 1000);
  const bytes = randomBuffer(2 * MIB);
  const pre = await admin.fs.upload(mounts[1].path, new Blob([bytes]), {
    filename: 'pre2.bin',
    mode: 'presigned',
  });
  assert.is(pre.item.size, bytes.length);
  assert.is(sha256(await storedBytes(mounts[1].driver, 'pre2.bin')), sha256(bytes));
});

test('max_upload_size and capacity are checked at init and again at completion', async () => {
  const m = mounts[0];
  // A session begun under a 20 MB limit...
  await admin.system.updateSettings({ max_upload_size: 20 });
  const bytes = randomBuffer(6 * MIB);
  const init = await admin.fs.multipartInit({ path: m.path, filename: 'limit.bin', fileSize: bytes.length });
  for (const n of [1, 2]) {
    const r = await postPart(
      server,
      token,
      { uploadId: init.uploadId, partNumber: n, key: init.key },
      bytes.subarray((n - 1) * init.partSize, Math.min(n * init.partSize, bytes.length)),
    );
    assert.is(r.status, 200, r.json.message);
  }
  // ...cannot complete once the limit went below its size, and nothing lands.
  await admin.system.updateSettings({ max_upload_size: 5 });
  let err = await rejects(admin.fs.multipartComplete({ uploadId: init.uploadId }));
  assert.is(err.status, 413);
  assert.is(await m.driver.stat('limit.bin'), null);
  err = await rejects(admin.fs.multipartInit({ path: m.path, filename: 'big.bin', fileSize: 6 * MIB }));
  assert.is(err.status, 413);
  await admin.system.updateSettings({ max_upload_size: 100 });
  // Capacity: open sessions count as used, so two sessions cannot promise more than the config holds.
  await admin.storageConfigs.update(m.configId, { total_storage_bytes: 10 * MIB });
  err = await rejects(admin.fs.multipartInit({ path: m.path, filename: 'cap.bin', fileSize: 6 * MIB }));
  assert.is(err.status, 413, 'the open 6 MiB session leaves 4 MiB');
  assert.equal(err.data && typeof err.data === 'object' ? Object.keys(err.data).sort() : [], [
    'file_size',
    'remaining',
    'total',
  ]);
  await admin.storageConfigs.update(m.configId, { total_storage_bytes: 0 });
  const done = await admin.fs.multipartComplete({ uploadId: init.uploadId });
  assert.is(done.item.size, bytes.length);
});

test.run();
