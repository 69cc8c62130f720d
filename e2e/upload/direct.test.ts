// @clip-databases sqlite postgres
// SDK uploads through `POST /upload` to the local storage config, and URL uploads, against a live server.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ClipClient, ClipError, type FetchLike, uploadFile, uploadFromUrl } from '@clip/sdk';
import { fileSource, tempFileSink } from '@clip/sdk/node';
import { startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  assertProgressWellFormed,
  MIB,
  progressLog,
  randomFile,
  sharedSha256,
  stageOrder,
} from './helpers.ts';

let server: TestServer;
let admin: ClipClient;
let dir: string;
let remote: Server;
let remoteUrl: string;
let remoteSha: string;

test.before(async () => {
  server = await startTestServer({ allowPrivateUrls: true });
  admin = await server.adminClient();
  dir = await mkdtemp(join(tmpdir(), 'clip-upload-direct-'));
  // A plain web server holding one file, for URL uploads (the server may fetch loopback in tests only).
  const file = await randomFile(dir, 'remote.bin', 3 * MIB);
  remoteSha = file.sha256;
  const body = await readFile(file.path);
  remote = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteUrl = `http://127.0.0.1:${(remote.address() as { port: number }).port}/files/remote.bin`;
});
test.after(async () => {
  // A before hook that failed early left no server: resolve rather than wait for ever.
  await new Promise((resolve) => (remote ? remote.close(resolve) : resolve(null)));
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

test('a file on disk goes up in one streamed POST /upload, byte for byte, with well-formed progress', async () => {
  const file = await randomFile(dir, 'notes.md', 6 * MIB + 123);
  const log = progressLog();
  const created = await uploadFile(admin, await fileSource(file.path), {
    remark: 'direct',
    onProgress: log.onProgress,
  });
  assert.is(created.filename, 'notes.md');
  assert.is(created.size, 6 * MIB + 123);
  assert.is(created.mimetype, 'text/markdown', 'Markdown goes as text/markdown by extension');
  assert.is(await sharedSha256(admin, created.slug), file.sha256);
  assertProgressWellFormed(log.events, 6 * MIB + 123);
  assert.equal(stageOrder(log.events), ['starting', 'uploading', 'processing', 'completed']);
  assert.ok(log.events.every((e) => e.mode === null || e.mode === 'direct'));
});

test('a file on disk declares no type of its own: the server types it by its name', async () => {
  const file = await randomFile(dir, 'picture.png', 1000);
  const created = await uploadFile(admin, await fileSource(file.path));
  assert.is(created.mimetype, 'image/png');
});

test('a refusal that comes before the body is read keeps its message (no network error)', async () => {
  const { client: readOnly } = await server.keyClient({ text: true });
  const file = await randomFile(dir, 'refused.bin', 30 * MIB);
  const err = await uploadFile(readOnly, await fileSource(file.path), { mode: 'direct' }).catch((e) => e);
  assert.instance(err, ClipError);
  assert.ok([401, 403].includes(err.status), `status ${err.status}: ${err.message}`);
  assert.not.match(err.message, /network error/);
});

test('a Blob goes up through FormData with its own type and the given name', async () => {
  const created = await uploadFile(admin, new Blob(['hello, blob'], { type: 'text/plain' }), {
    filename: 'greeting.txt',
    slug: 'blob-greeting',
    max_views: 5,
  });
  assert.is(created.slug, 'blob-greeting');
  assert.is(created.mimetype, 'text/plain');
  assert.is(created.max_views, 5);
  const view = await admin.files.getPublic('blob-greeting');
  if ('requires_password' in view) throw new Error('unexpected lock');
  assert.is(await (await fetch(new URL(view.download_url, server.url))).text(), 'hello, blob');
});

test('a taken slug fails with the server message and leaves nothing behind', async () => {
  const before = (await admin.files.list()).total;
  try {
    await uploadFile(admin, new Blob(['again']), { filename: 'again.txt', slug: 'blob-greeting' });
    assert.unreachable('expected 409');
  } catch (err) {
    assert.instance(err, ClipError);
    assert.is((err as ClipError).status, 409);
  }
  assert.is((await admin.files.list()).total, before);
});

test('a file over the maximum upload size is refused before any byte is sent', async () => {
  await admin.system.updateSettings({ max_upload_size: 1 });
  try {
    const file = await randomFile(dir, 'too-big.bin', 2 * MIB);
    const log = progressLog();
    const err = await uploadFile(admin, await fileSource(file.path), { onProgress: log.onProgress }).catch(
      (e) => e,
    );
    assert.instance(err, ClipError);
    assert.is(err.code, 'PAYLOAD_TOO_LARGE');
    assert.match(err.message, /maximum upload size of 1 MB/);
    assert.not.ok(log.events.some((e) => e.stage === 'uploading'));
  } finally {
    await admin.system.updateSettings({ max_upload_size: 100 });
  }
});

test('cancelling mid-upload rejects with "upload cancelled" and creates no share', async () => {
  const file = await randomFile(dir, 'cancel-me.bin', 24 * MIB);
  const before = (await admin.files.list()).total;
  const controller = new AbortController();
  // Passes the real request through, aborting once 4 MiB of the body have gone out.
  const abortingFetch: FetchLike = (url, init) => {
    const body = init.body as unknown as AsyncIterable<Uint8Array>;
    async function* watched() {
      let sent = 0;
      for await (const chunk of body) {
        sent += chunk.length;
        if (sent > 4 * MIB) controller.abort();
        yield chunk;
      }
    }
    return fetch(url, { ...init, body: watched() as unknown as BodyInit });
  };
  const err = await uploadFile(admin, await fileSource(file.path), {
    signal: controller.signal,
    fetch: abortingFetch,
  }).catch((e) => e);
  assert.instance(err, ClipError);
  assert.is(err.code, 'CANCELLED');
  assert.is(err.message, 'upload cancelled');
  assert.is((await admin.files.list()).total, before);
});

test('a URL upload to a local config fetches, then uploads: download 0-49 %, upload 50-99 %, then 100', async () => {
  for (const via of ['direct', 'proxy'] as const) {
    const log = progressLog();
    const created = await uploadFromUrl(admin, remoteUrl, {
      via,
      sink: tempFileSink(dir),
      onProgress: log.onProgress,
    });
    assert.is(created.filename, 'remote.bin');
    assert.is(created.size, 3 * MIB);
    assert.is(await sharedSha256(admin, created.slug), remoteSha);
    const downloading = log.events.filter((e) => e.stage === 'downloading');
    const uploading = log.events.filter((e) => e.stage === 'uploading' || e.stage === 'processing');
    assert.ok(downloading.length > 0 && uploading.length > 0, `${via}: both phases reported`);
    assert.ok(
      downloading.every((e) => e.percent <= 49),
      `${via}: download within 0-49`,
    );
    assert.ok(
      uploading.every((e) => e.percent >= 49 && e.percent <= 99),
      `${via}: upload within 50-99`,
    );
    assert.is(log.events[log.events.length - 1].percent, 100);
    for (let i = 1; i < log.events.length; i++) assert.ok(log.events[i].percent >= log.events[i - 1].percent);
  }
});

test('a URL upload the direct fetch cannot reach falls back to the server proxy', async () => {
  let directTries = 0;
  const created = await uploadFromUrl(admin, remoteUrl, {
    // What a browser sees when CORS refuses: fetch rejects with a TypeError.
    downloadFetch: async () => {
      directTries++;
      throw new TypeError('Failed to fetch');
    },
  });
  assert.is(directTries, 1);
  assert.is(await sharedSha256(admin, created.slug), remoteSha);
});

test.run();
