// A streamed answer (a WebDAV listing page after page): whole and in order when the socket fills up,
// the source stopped when the client leaves, the connection cut when the source fails.
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { until } from '../testing/until.ts';
import { sendStreamedText } from './streamedText.ts';

type Source = (ctx: Koa.Context) => AsyncIterable<string>;

async function serve(source: Source) {
  const app = new Koa();
  app.on('error', () => {}); // a failing source is logged there; the test looks at the connection
  app.use((ctx) => {
    ctx.status = 200;
    ctx.type = 'text/plain; charset=utf-8';
    sendStreamedText(ctx, source(ctx));
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, close: () => new Promise((resolve) => server.close(resolve)) };
}

const PIECE = 64 * 1024;
const pieceOf = (i: number) => String(i % 10).repeat(PIECE);

test('the pieces arrive whole and in order, through a socket that fills up', async () => {
  const count = 400; // 25 MiB: more than the loopback socket holds, so the writer has to wait
  let drains = 0;
  const server = await serve(async function* (ctx) {
    ctx.res.on('drain', () => drains++);
    for (let i = 0; i < count; i++) yield pieceOf(i);
  });
  try {
    const body = await (await fetch(server.url)).text();
    assert.is(body.length, count * PIECE);
    for (const i of [0, 1, 9, 10, 199, count - 1])
      assert.is(body.slice(i * PIECE, (i + 1) * PIECE), pieceOf(i));
    assert.ok(drains > 0, 'the socket filled up and the writer waited for it');
  } finally {
    await server.close();
  }
});

test('a client gone mid-answer stops the source', async () => {
  let stopped = false;
  const server = await serve(async function* () {
    try {
      for (let i = 0; ; i++) yield pieceOf(i);
    } finally {
      stopped = true;
    }
  });
  try {
    const leaving = new AbortController();
    const res = await fetch(server.url, { signal: leaving.signal });
    await (res.body as ReadableStream<Uint8Array>).getReader().read();
    leaving.abort();
    // Without the stop the source would wait for a 'drain' that never comes, and hold the server open.
    await until(() => stopped, 'the source to be stopped');
  } finally {
    await server.close();
  }
});

test('a source failing after the first piece cuts the connection: no complete-looking answer', async () => {
  const server = await serve(async function* () {
    yield pieceOf(1);
    throw new Error('storage went away');
  });
  try {
    const res = await fetch(server.url);
    assert.is(res.status, 200);
    const read = await res.text().then(
      (text) => `a whole answer of ${text.length} characters`,
      (err: Error) => err,
    );
    assert.instance(read, Error, 'the client saw the answer end normally');
  } finally {
    await server.close();
  }
});

test.run();
