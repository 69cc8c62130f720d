import { type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Router from '@koa/router';
import Koa from 'koa';
import pino from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { notFound } from './appError.ts';
import { COMPRESS_MIN_BYTES, compressJson } from './compressJson.ts';
import { answerEnveloped } from './envelope.ts';

const big = { items: Array.from({ length: 1000 }, (_, i) => ({ name: `file-${i}.txt`, size: i })) };
const small = { items: [{ name: 'a.txt', size: 1 }] };
/** A frozen answer that counts how often it is serialised; `changing` is not frozen and does change. */
let serialised = 0;
const frozen = Object.freeze({
  toJSON: () => {
    serialised++;
    return big;
  },
});
const changing = { items: [...big.items], round: 0 };

let server: ReturnType<Koa['listen']>;
let base: string;
test.before(async () => {
  const router = new Router({ prefix: '/api' });
  router.get('/big', compressJson(), (ctx) => {
    ctx.body = big;
  });
  router.get('/small', compressJson(), (ctx) => {
    ctx.body = small;
  });
  const shared = compressJson();
  router.get('/frozen', shared, (ctx) => {
    ctx.body = frozen;
  });
  router.get('/changing', shared, (ctx) => {
    changing.round++;
    ctx.body = changing;
  });
  router.get('/missing', compressJson(), () => {
    throw notFound('no such folder');
  });
  const app = new Koa();
  const logger = pino({ level: 'silent' });
  // The envelope step of the request pipeline (http/pipeline.ts), alone.
  app.use((ctx, next) => answerEnveloped(ctx, true, logger, next()));
  app.use(router.routes());
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.after(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw GET: the body as sent, not decoded (fetch would decode it). */
function get(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = request(`${base}${path}`, {
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const expected = (data: unknown) => ({ code: 200, message: 'success', success: true, data });

test('a large answer is sent brotli-compressed when accepted, else gzip, the envelope unchanged', async () => {
  assert.ok(JSON.stringify(expected(big)).length >= COMPRESS_MIN_BYTES, 'the fixture is above the threshold');
  const br = await get('/api/big', 'gzip, deflate, br');
  assert.is(br.status, 200);
  assert.is(br.headers['content-encoding'], 'br');
  assert.match(br.headers['content-type'] ?? '', /^application\/json/);
  assert.match(br.headers.vary ?? '', /Accept-Encoding/);
  assert.ok(br.body.length < JSON.stringify(expected(big)).length / 4, 'it is much smaller');
  assert.equal(JSON.parse(brotliDecompressSync(br.body).toString()), expected(big));

  const gz = await get('/api/big', 'gzip, deflate');
  assert.is(gz.headers['content-encoding'], 'gzip');
  assert.equal(JSON.parse(gunzipSync(gz.body).toString()), expected(big));
});

test('a client that accepts no encoding, and a small answer, get plain JSON', async () => {
  const plain = await get('/api/big');
  assert.is(plain.headers['content-encoding'], undefined);
  assert.equal(JSON.parse(plain.body.toString()), expected(big));

  const refused = await get('/api/big', 'br;q=0, gzip;q=0');
  assert.is(refused.headers['content-encoding'], undefined);

  const tiny = await get('/api/small', 'gzip, deflate, br');
  assert.is(tiny.headers['content-encoding'], undefined);
  assert.match(tiny.headers['content-type'] ?? '', /^application\/json/);
  assert.equal(JSON.parse(tiny.body.toString()), expected(small));
});

test('a frozen answer is serialised once per encoding, then sent as encoded before; others every time', async () => {
  const first = await get('/api/frozen', 'gzip, deflate, br');
  const again = await get('/api/frozen', 'gzip, deflate, br');
  assert.is(serialised, 1, 'the second answer reused the encoded bytes');
  assert.is(again.headers['content-encoding'], 'br');
  assert.ok(again.body.equals(first.body));
  assert.equal(JSON.parse(brotliDecompressSync(again.body).toString()), expected(big));
  const gz = await get('/api/frozen', 'gzip');
  assert.is(serialised, 2, 'another encoding is encoded once');
  assert.equal(JSON.parse(gunzipSync(gz.body).toString()), expected(big));
  const plain = await get('/api/frozen');
  assert.is(plain.headers['content-encoding'], undefined);
  assert.equal(JSON.parse(plain.body.toString()), expected(big));
  await get('/api/frozen');
  assert.is(serialised, 3);

  for (const round of [1, 2]) {
    const res = await get('/api/changing', 'br');
    assert.is(
      JSON.parse(brotliDecompressSync(res.body).toString()).data.round,
      round,
      'a mutable answer is sent as it is now',
    );
  }
});

test('errors are left to the envelope layer', async () => {
  const res = await get('/api/missing', 'gzip, deflate, br');
  assert.is(res.status, 404);
  assert.is(res.headers['content-encoding'], undefined);
  const body = JSON.parse(res.body.toString());
  assert.is(body.success, false);
  assert.is(body.error, 'NOT_FOUND');
});

test.run();
