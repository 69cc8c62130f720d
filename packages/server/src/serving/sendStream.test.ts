import { once } from 'node:events';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import Koa from 'koa';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { until } from '../testing/until.ts';
import { sendStream } from './sendStream.ts';

const CHUNK = 64 * 1024;
const CHUNKS = 256; // 16 MiB: more than the sockets between server and client hold

/** A storage read's stand-in: `count` fresh chunks, or a failure after `failAt` of them. */
function source(count: number, failAt?: number) {
  const sent: Buffer[] = [];
  const stream = new Readable({
    read() {
      if (sent.length === failAt) return this.destroy(new Error('the store went away'));
      if (sent.length === count) return this.push(null);
      const chunk = Buffer.alloc(CHUNK, sent.length % 251);
      sent.push(chunk);
      this.push(chunk);
    },
  });
  return { stream, sent };
}

const test = suite<{ server: Server; url: string; next: ReturnType<typeof source>; errors: Error[] }>(
  'sendStream',
);
test.before(async (ctx) => {
  ctx.errors = [];
  const app = new Koa();
  app.on('error', (err: Error) => ctx.errors.push(err));
  app.use(async (koa) => {
    koa.status = 200;
    koa.type = 'application/octet-stream';
    koa.length = CHUNK * CHUNKS;
    sendStream(koa, ctx.next.stream);
  });
  ctx.server = app.listen(0, '127.0.0.1');
  await once(ctx.server, 'listening');
  ctx.url = `http://127.0.0.1:${(ctx.server.address() as AddressInfo).port}/`;
});
test.after(({ server }) => {
  server.closeAllConnections();
  server.close();
});

test('sends the whole body with the headers set, freeing each chunk once written', async (ctx) => {
  ctx.next = source(CHUNKS);
  const res = await fetch(ctx.url);
  assert.is(res.status, 200);
  assert.is(res.headers.get('content-length'), String(CHUNK * CHUNKS));
  const body = Buffer.from(await res.arrayBuffer());
  assert.is(body.length, CHUNK * CHUNKS);
  for (let i = 0; i < CHUNKS; i++) assert.is(body[i * CHUNK], i % 251);
  await until(() => ctx.next.sent.every((c) => c.length === 0), 'every chunk freed (detached)');
});

test('a client leaving mid-transfer stops the read', async (ctx) => {
  ctx.next = source(CHUNKS);
  const req = request(ctx.url);
  const [res] = (await once(req.end(), 'response')) as [NodeJS.ReadableStream];
  await once(res, 'data');
  req.destroy();
  await until(() => ctx.next.stream.destroyed, 'the source destroyed');
  assert.ok(ctx.next.sent.length < CHUNKS);
});

test('a read failing mid-transfer cuts the response and is reported', async (ctx) => {
  ctx.errors.length = 0;
  ctx.next = source(CHUNKS, 8);
  const res = await fetch(ctx.url);
  await res.arrayBuffer().then(
    () => assert.unreachable('the body should be cut short'),
    () => {},
  );
  assert.equal(
    ctx.errors.map((e) => e.message),
    ['the store went away'],
  );
});

test.run();
