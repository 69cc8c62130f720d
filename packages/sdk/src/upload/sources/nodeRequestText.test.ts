// A client's JSON calls over node:http (nodeRequestText, the CLI's), through the Transport, against a
// real HTTP server on loopback: the body and headers sent, the envelope read, an error status mapped to
// the SDK's error (ending the session on a 401), and a refused connection.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Transport } from '../../client.ts';
import { ClipError } from '../../errors.ts';
import { nodeRequestText as requestText } from './nodeRequest.ts';

const seen: { method?: string; url?: string; headers?: IncomingMessage['headers']; body?: string } = {};
let answer: (req: IncomingMessage, res: ServerResponse) => void = () => {};
const server = createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  Object.assign(seen, { method: req.method, url: req.url, headers: req.headers, body });
  answer(req, res);
});
let origin = '';

test.before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const envelope = (data: unknown) => JSON.stringify({ code: 200, message: 'success', success: true, data });

test('a JSON call sends its body and auth, and reads the answer', async () => {
  answer = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(envelope({ names: ['a', '文件'] }));
  };
  const t = new Transport({ baseUrl: origin, auth: { type: 'apikey', key: 'k1' }, requestText });
  const data = await t.request<{ names: string[] }>('POST', '/things', {
    body: { x: 1 },
    query: { q: 'a b' },
  });
  assert.equal(data, { names: ['a', '文件'] });
  assert.is(seen.method, 'POST');
  assert.is(seen.url, '/api/things?q=a+b');
  assert.is(seen.body, '{"x":1}');
  assert.is(seen.headers?.['content-type'], 'application/json');
  assert.is(seen.headers?.authorization, 'ApiKey k1');
});

test('an error status is the SDK error; a 401 ends the session', async () => {
  answer = (_req, res) => {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 401, message: 'token expired', success: false }));
  };
  let ended: ClipError | null = null;
  const t = new Transport({
    baseUrl: origin,
    auth: { type: 'admin', token: 't' },
    requestText,
    onSessionEnded: (e) => {
      ended = e;
    },
  });
  const err = (await t.request('GET', '/things').catch((e) => e)) as ClipError;
  assert.instance(err, ClipError);
  assert.is(err.status, 401);
  assert.is(ended, err);
});

test('a refused connection is a network error naming the server', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const t = new Transport({ baseUrl: `http://127.0.0.1:${port}`, requestText });
  const err = (await t.request('GET', '/things').catch((e) => e)) as ClipError;
  assert.instance(err, ClipError);
  assert.is(err.code, 'NETWORK_ERROR');
  assert.match(err.message, `127.0.0.1:${port}`);
});

test.run();
