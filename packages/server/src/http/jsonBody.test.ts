// @clip-databases sqlite postgres
// The JSON body's fast path (a plain JSON body that has arrived whole, http/jsonBody.ts) answers every
// body exactly as @koa/bodyparser does: the same body sent so that the library reads it (chunked, so no
// Content-Length) must get the same status and envelope. The paste create route parses its body after
// auth, by when a small body has arrived: the fast path's case.
import { request } from 'node:http';
import type { Envelope } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../testing/testServer.ts';

/** Small, so a body over the route's limit (the text limit + 64 KiB) stays small too. */
const MAX_TEXT_BYTES = 1000;
let server: TestServer;
let bearer: string;
test.before(async () => {
  server = await startTestServer({ maxTextBytes: MAX_TEXT_BYTES });
  bearer = `Bearer ${await server.adminToken()}`;
});
test.after(async () => server?.close());

interface Answer {
  status: number;
  error: string | undefined;
  message: string;
}

/** POSTs `body` to create a share, with a Content-Length (fast path) or chunked (the library). */
function post(body: Buffer, chunked: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}/api/paste`, {
      method: 'POST',
      headers: {
        authorization: bearer,
        'content-type': 'application/json',
        ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) }),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () => {
        const envelope = JSON.parse(text) as Envelope<unknown>;
        // A created share's own slug differs between the two; its status says it was created.
        const message = res.statusCode === 201 ? 'created' : envelope.message;
        resolve({ status: res.statusCode ?? 0, error: envelope.error, message });
      });
    });
    req.end(body);
  });
}

const BODIES: [string, Buffer][] = [
  ['a share', Buffer.from('{"content":"hello"}')],
  ['leading whitespace', Buffer.from(' \r\n\t{"content":"hello"}')],
  ['a UTF-8 byte order mark', Buffer.from('\ufeff{"content":"hello"}')],
  ['invalid UTF-8 in a key', Buffer.from([0x7b, 0x22, 0x75, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
  ['invalid UTF-8 in the text', Buffer.from([...Buffer.from('{"content":"a'), 0xe2, 0x82, 0x22, 0x7d])],
  ['truncated JSON', Buffer.from('{"username": ')],
  ['a string', Buffer.from('"text"')],
  ['an array', Buffer.from('[1,2]')],
  ['an empty body', Buffer.alloc(0)],
  ['whitespace only', Buffer.from('  ')],
  ['a __proto__ key', Buffer.from('{"__proto__":{"admin":true},"content":"hello"}')],
  ['an escaped __proto__ key', Buffer.from('{"\\u005f_proto__":{},"content":"hello"}')],
  ['an unknown field', Buffer.from('{"content":"hello","extra":1}')],
  ['NUL in the text', Buffer.from('{"content":"a\\u0000"}')],
];

for (const [name, body] of BODIES)
  test(`${name}: the fast path answers as the library does`, async () => {
    const library = await post(body, true);
    const fast = await post(body, false);
    assert.equal(fast, library);
  });

test('a body over the limit is 413 either way', async () => {
  const body = Buffer.from(JSON.stringify({ content: 'x'.repeat(MAX_TEXT_BYTES + 65 * 1024) }));
  const fast = await post(body, false);
  assert.is(fast.status, 413);
  assert.equal(fast, await post(body, true));
});

test.run();
