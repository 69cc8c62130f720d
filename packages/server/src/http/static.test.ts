// @clip-databases sqlite postgres
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../testing/testServer.ts';

let server: TestServer;
let webDir: string;
test.before(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'clip-web-'));
  await mkdir(join(webDir, 'assets'));
  await writeFile(join(webDir, 'index.html'), '<!doctype html><title>clip shell</title>');
  await writeFile(join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
  await writeFile(join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  await writeFile(join(webDir, 'assets', 'big-5678.js'), 'x'.repeat(5000));
  await writeFile(join(webDir, 'assets', 'big-5678.js.br'), brotliCompressSync('x'.repeat(5000)));
  await writeFile(join(webDir, 'assets', 'big-5678.js.gz'), gzipSync('x'.repeat(5000)));
  server = await startTestServer({ webDir, maxTextBytes: 1000 });
});
test.after(async () => {
  await server?.close();
  await rm(webDir, { recursive: true, force: true });
});

test('SPA fallback serves the shell for app routes', async () => {
  for (const path of ['/', '/paste/abc', '/admin/settings', '/mount-explorer/a/b']) {
    const res = await fetch(`${server.url}${path}`);
    assert.is(res.status, 200, path);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.match(await res.text(), /clip shell/);
  }
});

test('every web app answer carries the CSP, nosniff, the referrer policy and refuses framing', async () => {
  for (const path of ['/', '/paste/abc', '/assets/app-1234.js', '/sw.js']) {
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(`${server.url}${path}`, { method });
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values.join(' ')] as const;
        }),
      );
      assert.is(directives.get('script-src'), "'self'", `${method} ${path}: scripts from self only`);
      assert.is(directives.get('frame-ancestors'), "'none'", `${method} ${path}`);
      assert.is(directives.get('object-src'), "'none'");
      assert.is(res.headers.get('x-frame-options'), 'DENY');
      assert.is(res.headers.get('x-content-type-options'), 'nosniff');
      assert.is(res.headers.get('referrer-policy'), 'no-referrer');
    }
  }
});

test('assets are served with long caching; the worker is revalidated', async () => {
  const js = await fetch(`${server.url}/assets/app-1234.js`);
  assert.match(js.headers.get('content-type') ?? '', /javascript/);
  assert.match(js.headers.get('cache-control') ?? '', /immutable/);
  const sw = await fetch(`${server.url}/sw.js`);
  assert.is(sw.headers.get('cache-control'), 'no-cache');
});

test('pre-compressed siblings are sent to clients that accept them', async () => {
  const url = `${server.url}/assets/big-5678.js`;
  // Node's fetch decodes what it is sent; the raw header and the decoded body are both checked.
  const br = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
  assert.is(br.headers.get('content-encoding'), 'br');
  assert.is(await br.text(), 'x'.repeat(5000));
  const gz = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  assert.is(gz.headers.get('content-encoding'), 'gzip');
  assert.is(await gz.text(), 'x'.repeat(5000));
  const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  assert.is(plain.headers.get('content-encoding'), null);
  assert.is(plain.headers.get('content-length'), '5000');
  assert.match(plain.headers.get('vary') ?? '', /Accept-Encoding/);
});

test('a revalidation with If-Modified-Since answers 304', async () => {
  const first = await fetch(`${server.url}/sw.js`);
  const lastModified = first.headers.get('last-modified') as string;
  assert.ok(lastModified);
  // node:http, not fetch: fetch adds Cache-Control: no-cache to conditional requests, which forbids a 304.
  const status = await new Promise<number | undefined>((resolve, reject) =>
    get(`${server.url}/sw.js`, { headers: { 'if-modified-since': lastModified } }, (res) => {
      res.resume();
      resolve(res.statusCode);
    }).on('error', reject),
  );
  assert.is(status, 304);
});

test('API paths never fall back to the web app', async () => {
  const res = await fetch(`${server.url}/api/nothing-here`);
  assert.is(res.status, 404);
  assert.match(res.headers.get('content-type') ?? '', /json/);
});

test('no path leaves the web directory', async () => {
  for (const path of [
    '/..%2f..%2f..%2fetc%2fpasswd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/assets/..%2f..%2f..%2fetc/hostname',
  ]) {
    const res = await fetch(`${server.url}${path}`);
    const body = await res.text();
    assert.not.match(body, /root:/, path);
    assert.ok(res.status === 200 ? /clip shell/.test(body) : res.status === 404, path);
  }
});

test('an oversized JSON body is 413, not a crash', async () => {
  const res = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'x'.repeat(1_100_000) }),
  });
  assert.is(res.status, 413);
  assert.is(((await res.json()) as { error: string }).error, 'PAYLOAD_TOO_LARGE');
});

test.run();
