// Every non-2xx answer of the API is an envelope with success:false and a message naming the problem,
// including the ones Node's HTTP parser gives before Koa runs (issue 9 item 6).
import { connect } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../testing/testServer.ts';

let server: TestServer;
test.before(async () => {
  server = await startTestServer();
});
test.after(async () => server?.close());

interface Raw {
  status: number;
  headers: string;
  body: string;
}

/** Sends raw bytes and reads the whole answer (the server closes after these). */
function raw(request: string): Promise<Raw> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let answer = '';
    const timer = setTimeout(() => reject(new Error(`no answer within 30 s: ${answer}`)), 30_000);
    socket.on('data', (d) => {
      answer += d;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const split = answer.indexOf('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1]),
        headers: answer.slice(0, split),
        body: answer.slice(split + 4),
      });
    });
    socket.write(request);
  });
}

test('an unsupported method answers 405 with success:false, a message and Allow', async () => {
  for (const [method, path, allowed] of [
    ['PATCH', '/api/paste', 'POST'],
    ['PUT', '/api/health', 'GET'],
    ['DELETE', '/api/upload', 'POST'],
    ['PATCH', '/api/admin/files/abc', 'DELETE'],
  ] as const) {
    const res = await fetch(`${server.url}${path}`, { method });
    assert.is(res.status, 405, `${method} ${path}`);
    assert.match(res.headers.get('allow') ?? '', allowed);
    const body = (await res.json()) as { success: boolean; message: string; code: number; error: string };
    assert.is(body.success, false);
    assert.is(body.code, 405);
    assert.is(body.error, 'METHOD_NOT_ALLOWED');
    assert.match(body.message, new RegExp(`${method} is not allowed on ${path}.*${allowed}`));
  }
});

test('a 64 KB URL answers a 414 JSON envelope, a 64 KB header a 431 one', async () => {
  const host = new URL(server.url).host;
  const longUrl = await raw(`GET /api/paste/${'a'.repeat(64 * 1024)} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
  assert.is(longUrl.status, 414);
  assert.match(longUrl.headers, /content-type: application\/json/i);
  const urlBody = JSON.parse(longUrl.body);
  assert.equal([urlBody.success, urlBody.code, urlBody.error], [false, 414, 'URI_TOO_LONG']);
  assert.match(urlBody.message, /URL is too long/);

  const longHeader = await raw(
    `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'b'.repeat(64 * 1024)}\r\n\r\n`,
  );
  assert.is(longHeader.status, 431);
  const headerBody = JSON.parse(longHeader.body);
  assert.equal([headerBody.success, headerBody.code, headerBody.error], [false, 431, 'HEADERS_TOO_LARGE']);
  assert.match(headerBody.message, /headers are too large/);

  const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
  assert.is(garbage.status, 400);
  assert.is(JSON.parse(garbage.body).success, false);
  // The server still answers.
  assert.is((await fetch(`${server.url}/api/health`)).status, 200);
});

test.run();
