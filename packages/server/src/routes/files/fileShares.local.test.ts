// @clip-databases sqlite postgres
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { asView, objectExists, rejects } from './testing/fileTestKit.ts';

let server: TestServer;
test.before(async () => {
  server = await startTestServer();
});
test.after(async () => server?.close());

const text = (s: string, type = 'text/plain') => new Blob([s], { type });

test('the whole share lifecycle on local storage: upload, view, download, update, delete', async () => {
  const { client: key } = await server.keyClient({ file: true });
  const created = await key.files.upload(
    text('hello world'),
    { remark: 'first', max_views: 5 },
    { filename: 'hello.txt' },
  );
  const { filename, size, mimetype, max_views, expires_at } = created;
  assert.equal(
    { filename, size, mimetype, max_views, expires_at },
    { filename: 'hello.txt', size: 11, mimetype: 'text/plain', max_views: 5, expires_at: null },
  );
  assert.is(created.url, `${server.url}/file/${created.slug}`);

  const view = asView(await server.client().files.getPublic(created.slug));
  assert.is(view.views, 1);
  assert.is(view.remark, 'first');
  const full = await fetch(view.download_url);
  assert.is(full.status, 200);
  assert.is(await full.text(), 'hello world');
  assert.match(full.headers.get('content-disposition') ?? '', /^attachment; filename="hello.txt"/);
  const head = await fetch(view.download_url, { method: 'HEAD' });
  assert.is(head.status, 200);
  assert.is(head.headers.get('content-length'), '11');
  assert.is(await head.text(), '');

  const record = await key.files.getById(created.id);
  assert.is(record.views, 1);
  assert.ok(await objectExists(server, record.s3_config_id, record.storage_path));
  const updated = await key.files.update(created.id, { slug: 'renamed-share', remark: null, max_views: 0 });
  assert.equal([updated.slug, updated.remark, updated.max_views], ['renamed-share', null, 0]);
  assert.is((await rejects(server.client().files.getPublic(created.slug))).status, 404);
  // Renaming voids links handed out under the old slug.
  assert.is((await fetch(view.download_url)).status, 404);

  await key.files.remove(created.id);
  assert.not.ok(await objectExists(server, record.s3_config_id, record.storage_path));
  assert.is((await rejects(server.client().files.getPublic('renamed-share'))).status, 404);
  assert.is((await rejects(key.files.getById(created.id))).status, 404);
});

test('a file sent before its placement fields is spooled, then moved into local storage whole', async () => {
  const bytes = new Uint8Array(300_000).map((_, i) => (i * 7) % 251);
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'late.bin');
  form.append('s3_config_id', '');
  form.append('path', '');
  form.append('remark', 'fields after the file');
  const res = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await server.adminToken()}` },
    body: form,
  });
  assert.is(res.status, 201);
  const created = ((await res.json()) as { data: { slug: string; size: number } }).data;
  assert.is(created.size, bytes.length);
  const view = asView(await server.client().files.getPublic(created.slug));
  assert.is(view.remark, 'fields after the file');
  assert.equal(new Uint8Array(await (await fetch(view.download_url)).arrayBuffer()), bytes);
  // The spool file was taken over, not copied and left behind.
  assert.equal(await readdir(join(server.dataDir, 'tmp', 'uploads')).catch(() => []), []);
});

test('Range, conditional requests and HEAD', async () => {
  const admin = await server.adminClient();
  const body = '0123456789abcdef';
  const { slug } = await admin.files.upload(text(body), {}, { filename: 'digits.txt' });
  const { download_url: url } = asView(await server.client().files.getPublic(slug));

  const part = await fetch(url, { headers: { range: 'bytes=2-5' } });
  assert.is(part.status, 206);
  assert.is(part.headers.get('content-range'), 'bytes 2-5/16');
  assert.is(await part.text(), '2345');
  const suffix = await fetch(url, { headers: { range: 'bytes=-3' } });
  assert.equal([suffix.status, await suffix.text()], [206, 'def']);
  const open = await fetch(url, { headers: { range: 'bytes=10-' } });
  assert.equal([open.status, await open.text()], [206, 'abcdef']);
  const beyond = await fetch(url, { headers: { range: 'bytes=16-20' } });
  assert.is(beyond.status, 416);
  assert.is(beyond.headers.get('content-range'), 'bytes */16');

  const first = await fetch(url);
  const etag = first.headers.get('etag')!;
  const lastModified = first.headers.get('last-modified')!;
  await first.arrayBuffer();
  assert.ok(etag && lastModified);
  assert.is((await fetch(url, { headers: { 'if-none-match': etag } })).status, 304);
  assert.is((await fetch(url, { headers: { 'if-modified-since': lastModified } })).status, 304);
  const changed = await fetch(url, { headers: { 'if-none-match': '"something-else"' } });
  assert.equal([changed.status, await changed.text()], [200, body]);
  // If-Range with a stale validator: the whole file, not the range.
  const stale = await fetch(url, { headers: { range: 'bytes=0-1', 'if-range': '"stale"' } });
  assert.equal([stale.status, (await stale.text()).length], [200, 16]);
  const headRange = await fetch(url, { method: 'HEAD', headers: { range: 'bytes=0-3' } });
  assert.equal([headRange.status, headRange.headers.get('content-length')], [206, '4']);
});

test('a Unicode filename travels as filename* with an ASCII fallback', async () => {
  const admin = await server.adminClient();
  const { slug, filename } = await admin.files.upload(text('x'), {}, { filename: 'Résumé 报告.pdf' });
  assert.is(filename, 'Résumé 报告.pdf');
  const { download_url } = asView(await server.client().files.getPublic(slug));
  const res = await fetch(download_url);
  await res.arrayBuffer();
  assert.is(
    res.headers.get('content-disposition'),
    `attachment; filename="Resume __.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%E6%8A%A5%E5%91%8A.pdf`,
  );
});

test('HTML, SVG, XML and scripts are never served inline as themselves', async () => {
  const admin = await server.adminClient();
  const cases: [string, string][] = [
    ['page.html', 'text/html'],
    ['logo.svg', 'image/svg+xml'],
    ['feed.xml', 'application/xml'],
    ['app.mjs', 'text/javascript'],
    ['innocent.png', 'text/html'],
  ];
  for (const [name, type] of cases) {
    const { slug } = await admin.files.upload(
      text('<script>alert(1)</script>', type),
      { mimetype: type },
      { filename: name },
    );
    const view = asView(await server.client().files.getPublic(slug));
    const res = await fetch(view.preview_url);
    assert.is(await res.text(), '<script>alert(1)</script>');
    assert.is(res.headers.get('content-type'), 'text/plain; charset=utf-8', name);
    assert.is(res.headers.get('x-content-type-options'), 'nosniff');
    assert.match(res.headers.get('content-security-policy') ?? '', /default-src 'none'.*sandbox/);
    const dl = await fetch(view.download_url);
    await dl.arrayBuffer();
    assert.match(dl.headers.get('content-disposition') ?? '', /^attachment;/);
  }
  const png = await admin.files.upload(
    new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
    {},
    { filename: 'a.png' },
  );
  const res = await fetch(asView(await server.client().files.getPublic(png.slug)).preview_url);
  await res.arrayBuffer();
  assert.is(res.headers.get('content-type'), 'image/png');
  assert.match(res.headers.get('content-disposition') ?? '', /^inline;/);
});

test('file links need a valid, unexpired signature; office preview builds on it', async () => {
  const admin = await server.adminClient();
  const { slug } = await admin.files.upload(text('doc'), {}, { filename: 'report.docx' });
  const view = asView(await server.client().files.getPublic(slug));
  const bare = `${server.url}/api/file-download/${slug}`;
  assert.is((await fetch(bare)).status, 403);
  const sig0 = new URL(view.download_url).searchParams.get('sig')!;
  const tampered = view.download_url.replace(
    `sig=${sig0}`,
    `sig=${sig0[0] === 'A' ? 'B' : 'A'}${sig0.slice(1)}`,
  );
  assert.is((await fetch(tampered)).status, 403);
  const exp = Number(new URL(view.download_url).searchParams.get('exp'));
  assert.is((await fetch(view.download_url.replace(`exp=${exp}`, `exp=${exp + 60}`))).status, 403);
  assert.is((await fetch(`${bare}?exp=${Math.floor(Date.now() / 1000) - 1}&sig=x`)).status, 403);

  const sig = new URL(view.office_preview_url).searchParams;
  const office = await server
    .client()
    .files.officePreview(slug, { exp: sig.get('exp')!, sig: sig.get('sig')! });
  assert.is(office.url, view.download_url);
  assert.ok(office.microsoft_url.startsWith('https://view.officeapps.live.com/op/view.aspx?src='));
  assert.ok(office.microsoft_url.endsWith(encodeURIComponent(view.download_url)));
  assert.ok(office.google_url.includes(encodeURIComponent(view.download_url)));
  assert.is((await rejects(server.client().files.officePreview(slug, { exp: '1', sig: 'x' }))).status, 403);
});

test('a local config has no presigned upload: presign and multipart answer 400 naming it', async () => {
  const admin = await server.adminClient();
  const err = await rejects(admin.files.presign({ filename: 'a.bin', size: 10 }));
  assert.is(err.status, 400);
  assert.match(err.message, /does not support presigned upload/);
  const mp = await rejects(admin.files.multipartInit({ filename: 'a.bin', size: 10 }));
  assert.match(mp.message, /does not support presigned multipart upload/);
});

test.run();
