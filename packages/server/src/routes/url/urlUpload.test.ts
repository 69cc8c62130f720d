// @clip-databases sqlite postgres
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClipClient } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createUrlService } from '../../services/url/urlService.ts';
import { s3rverConfig } from '../../testing/index.ts';
import { startS3rver, type TestS3 } from '../../testing/s3rver.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { asView, fileRows, objectExists, rejects } from '../files/testing/fileTestKit.ts';

const MiB = 1024 * 1024;
let guarded: TestServer;
let open: TestServer;
let s3: TestS3;
let origin: Server;
let base: string;
let hits = 0;

test.before(async () => {
  origin = createServer((req, res) => {
    hits++;
    const url = req.url ?? '/';
    if (url === '/file.bin') {
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-length': '10',
        'content-disposition': `attachment; filename="resume.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`,
        'accept-ranges': 'bytes',
      });
      res.end(req.method === 'HEAD' ? undefined : '0123456789');
    } else if (url === '/nohead/data.csv') {
      if (req.method === 'HEAD') res.writeHead(405).end();
      else if (req.headers.range === 'bytes=0-0')
        res
          .writeHead(206, { 'content-range': 'bytes 0-0/5000', 'content-type': 'text/csv; charset=utf-8' })
          .end('a');
      else res.writeHead(200, { 'content-type': 'text/csv' }).end('a'.repeat(5000));
    } else if (url === '/chunked') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const pump = () => {
        while (sent < 3 * MiB && res.write(chunk)) sent += chunk.length;
        if (sent < 3 * MiB) res.once('drain', pump);
        else res.end();
      };
      pump();
    } else if (url.startsWith('/unsized/')) {
      // No Content-Length: the body goes out chunked, 10 bytes a chunk, with its size known to nobody.
      const total = Number(url.split('/')[2]);
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      if (req.method === 'HEAD') return void res.end();
      for (let sent = 0; sent < total; sent += 10) res.write(Buffer.alloc(Math.min(10, total - sent), 7));
      res.end();
    } else if (url === '/declared-big') {
      res.writeHead(200, { 'content-length': String(3 * MiB) });
      res.end(req.method === 'HEAD' ? undefined : Buffer.alloc(3 * MiB));
    } else if (url === '/page.html')
      res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
    else if (url === '/missing') res.writeHead(404).end();
    else res.writeHead(302, { location: '/file.bin' }).end();
  });
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  [guarded, open, s3] = await Promise.all([
    startTestServer(),
    startTestServer({ allowPrivateUrls: true }),
    startS3rver(),
  ]);
  await (await open.adminClient()).system.updateSettings({ max_upload_size: 1 });
});
test.after(async () => {
  origin.closeAllConnections();
  origin.close();
  await Promise.all([guarded?.close(), open?.close(), s3?.close()]);
});

test('with private URLs off, loopback, private, link-local and metadata targets are refused', async () => {
  const admin = await guarded.adminClient();
  const port = (origin.address() as AddressInfo).port;
  for (const url of [
    `${base}/file.bin`,
    'http://10.1.2.3/x',
    'http://169.254.169.254/latest/meta-data/',
    `http://[::1]:${port}/file.bin`,
    `http://localhost:${port}/file.bin`,
    'http://[fd00:ec2::254]/',
  ]) {
    const err = await rejects(admin.url.info(url));
    assert.is(err.status, 400, url);
    assert.match(err.message, /URL not allowed/);
    assert.is((await rejects(admin.url.proxy(url))).status, 400);
  }
  assert.match((await rejects(admin.url.info('ftp://example.com/x'))).message, /http or https/);
  assert.is((await rejects(guarded.client().url.info(`${base}/file.bin`))).status, 401);
  assert.is(hits, 0, 'the guard refused before connecting');
});

test('a redirect from an allowed origin to loopback is refused at that hop (private URLs off)', async () => {
  // The guarded server's own URL service, built again with a test resolver: "allowed.test" is an internet
  // origin that happens to live on 127.0.0.2; the redirect target 127.0.0.1 stays refused.
  const redirector = createServer((_req, res) => res.writeHead(302, { location: `${base}/file.bin` }).end());
  await new Promise<void>((r) => redirector.listen(0, '127.0.0.2', r));
  const port = (redirector.address() as AddressInfo).port;
  const { files } = guarded.app.services;
  const service = createUrlService(
    {
      presign: files.presign,
      multipart: files.multipart,
      maxUploadBytes: async () => MiB,
      allowPrivateUrls: false,
    },
    { resolve: async () => [{ address: '127.0.0.2', family: 4 }], trustedAddresses: ['127.0.0.2'] },
  );
  try {
    const before = hits;
    const err = await service.info(`http://allowed.test:${port}/start`).catch((e: Error) => e);
    assert.match((err as Error).message, /URL not allowed: 127\.0\.0\.1 is a loopback address/);
    assert.is(hits, before, 'the loopback target was never contacted');
  } finally {
    redirector.closeAllConnections();
    redirector.close();
  }
});

test('url info reads name, size and type from HEAD, or from a one-byte range when HEAD fails', async () => {
  const admin = await open.adminClient();
  const info = await admin.url.info(`${base}/redirect-me`);
  assert.equal(info, {
    url: `${base}/redirect-me`,
    final_url: `${base}/file.bin`,
    filename: 'résumé.pdf',
    size: 10,
    mimetype: 'application/pdf',
    accepts_ranges: true,
  });
  const ranged = await admin.url.info(`${base}/nohead/data.csv`);
  assert.equal([ranged.filename, ranged.size, ranged.mimetype], ['data.csv', 5000, 'text/csv']);
  assert.is((await rejects(admin.url.info(`${base}/missing`))).status, 502);
});

test('the proxy streams the remote body, never renders it, and enforces the size limit', async () => {
  const admin = await open.adminClient();
  const res = await admin.url.proxy(`${base}/file.bin`);
  assert.is(await res.text(), '0123456789');
  const page = await admin.url.proxy(`${base}/page.html`);
  assert.is(await page.text(), '<script>alert(1)</script>');
  assert.match(page.headers.get('content-security-policy') ?? '', /sandbox/);
  assert.match(page.headers.get('content-disposition') ?? '', /^attachment/);
  assert.is(page.headers.get('x-content-type-options'), 'nosniff');
  const declared = await rejects(admin.url.proxy(`${base}/declared-big`));
  assert.is(declared.status, 413);
  // No Content-Length: the stream is cut once it passes the limit.
  let received = 0;
  try {
    const chunked = await admin.url.proxy(`${base}/chunked`);
    for await (const c of chunked.body as unknown as AsyncIterable<Uint8Array>) received += c.length;
  } catch {
    // The cut shows as a failed body read.
  }
  assert.ok(received <= MiB, `${received} bytes got through`);
});

test('URL upload to s3: presign, PUT the fetched bytes, commit; cancel and multipart abort clean up', async () => {
  const admin: ClipClient = await open.adminClient();
  await admin.system.updateSettings({ max_upload_size: 100 });
  const config = await admin.storageConfigs.create(s3rverConfig(s3));
  const info = await admin.url.info(`${base}/file.bin`);
  const p = await admin.url.presign({
    url: info.url,
    s3_config_id: config.id,
    metadata: { ...info },
    remark: 'from url',
  });
  assert.equal([p.contentType, p.storage_path.endsWith('-résumé.pdf')], ['application/pdf', true]);
  const bytes = await (await admin.url.proxy(info.url)).arrayBuffer();
  assert.is(
    (await fetch(p.upload_url, { method: 'PUT', body: bytes, headers: { 'content-type': p.contentType } }))
      .status,
    200,
  );
  const done = await admin.url.commit({ file_id: p.file_id });
  assert.equal([done.filename, done.size], ['résumé.pdf', 10]);
  const view = asView(await open.client().files.getPublic(done.slug));
  assert.is(await (await fetch(view.download_url)).text(), '0123456789');

  const abandoned = await admin.url.presign({
    url: `${base}/file.bin`,
    s3_config_id: config.id,
    filename: 'later.bin',
  });
  assert.equal(await admin.url.cancel(abandoned.file_id), { cancelled: true });
  assert.is(
    (await rejects(admin.url.cancel(done.id))).status,
    400,
    'a committed share is deleted, not cancelled',
  );
  const mp = await admin.url.multipartInit({
    url: `${base}/file.bin`,
    s3_config_id: config.id,
    filename: 'm.bin',
    size: 6 * MiB,
  });
  assert.is(
    (await admin.url.multipartAbort({ file_id: mp.file_id, upload_id: mp.upload_id })).aborted,
    false,
  );
  const left = (await fileRows(open)).map((r) => r.id);
  assert.equal(left, [done.id]);
  assert.is(
    (await rejects(admin.url.presign({ url: 'javascript:alert(1)', s3_config_id: config.id }))).status,
    400,
  );
});

test('URL uploads of unknown size: capacity and the size limit are checked at commit, atomically, leaving nothing on refusal', async () => {
  const admin: ClipClient = await open.adminClient();
  await admin.system.updateSettings({ max_upload_size: 100 });
  const config = await admin.storageConfigs.create(
    s3rverConfig(s3, { name: 's3rver capped', total_storage_bytes: 100 }),
  );
  const before = (await fileRows(open)).map((r) => r.id);
  const leftOver = async () => (await fileRows(open)).filter((r) => !before.includes(r.id));
  /** Presign with no size (the source sends none), fetch through the proxy, PUT the bytes. */
  async function uploadUnsized(bytes: number, name: string) {
    const url = `${base}/unsized/${bytes}`;
    const info = await admin.url.info(url);
    assert.is(info.size, null, 'the source declares no size');
    const p = await admin.url.presign({ url, s3_config_id: config.id, filename: name });
    const proxied = await admin.url.proxy(url);
    assert.is(proxied.headers.get('content-length'), null);
    const body = await proxied.arrayBuffer();
    assert.is(body.byteLength, bytes);
    assert.is((await fetch(p.upload_url, { method: 'PUT', body })).status, 200);
    return p;
  }

  // 60 of 100 bytes fit.
  const first = await uploadUnsized(60, 'first.bin');
  assert.is((await admin.url.commit({ file_id: first.file_id })).size, 60);

  // Two more of 30 each, committed at once: 60 + 30 fits, 60 + 30 + 30 does not. Exactly one wins.
  const [a, b] = await Promise.all([uploadUnsized(30, 'a.bin'), uploadUnsized(30, 'b.bin')]);
  const commits = await Promise.allSettled([
    admin.url.commit({ file_id: a.file_id }),
    admin.url.commit({ file_id: b.file_id }),
  ]);
  assert.equal(commits.map((c) => c.status).sort(), ['fulfilled', 'rejected']);
  const refused = (commits.find((c) => c.status === 'rejected') as PromiseRejectedResult).reason;
  assert.is(refused.status, 413);
  assert.match(refused.message, /insufficient storage: the file has 30 bytes, 10 of 100 bytes remain/);
  const loser = commits[0].status === 'rejected' ? a : b;
  const winner = loser === a ? b : a;
  // The refused upload left neither a record nor an object behind.
  assert.equal((await leftOver()).map((r) => r.id).sort(), [first.file_id, winner.file_id].sort());
  assert.not.ok(await objectExists(open, config.id, loser.storage_path));
  assert.is((await admin.storageConfigs.get(config.id)).total_storage_bytes, 100);

  // Over the size limit (1 MiB; a client may PUT more than the proxy would pass): 413, nothing left.
  await admin.files.remove(first.file_id);
  await admin.system.updateSettings({ max_upload_size: 1 });
  const big = await admin.url.presign({
    url: `${base}/unsized/25`,
    s3_config_id: config.id,
    filename: 'big.bin',
  });
  assert.is((await fetch(big.upload_url, { method: 'PUT', body: Buffer.alloc(MiB + 1) })).status, 200);
  const tooBig = await rejects(admin.url.commit({ file_id: big.file_id }));
  assert.equal(
    [tooBig.status, tooBig.message],
    [413, `the stored object has ${MiB + 1} bytes; the limit is ${MiB}`],
  );
  assert.equal(
    (await leftOver()).map((r) => r.id),
    [winner.file_id],
  );
  assert.not.ok(await objectExists(open, config.id, big.storage_path));
});

test.run();
