import { randomBytes } from 'node:crypto';
import { createServer, get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startS3rver, type TestS3 } from '../../testing/s3rver.ts';
import { collectResponseBody } from './responseBodies.ts';
import { createS3Client } from './s3Client.ts';

const body = randomBytes(700 * 1024);

const collecting = suite<{ url: string; close: () => Promise<void> }>('collectResponseBody');
collecting.before(async (ctx) => {
  const server = createServer((req, res) => {
    // '/chunked' sends no Content-Length, so the body grows as it arrives.
    if (req.url === '/chunked') res.writeHead(200);
    else res.writeHead(200, { 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ctx.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx.close = () => new Promise((resolve) => server.close(() => resolve()));
});
collecting.after(({ close }) => close());

const request = (url: string) =>
  new Promise<IncomingMessage>((resolve, reject) => get(url, resolve).once('error', reject));

for (const path of ['/sized', '/chunked'])
  collecting(`collects a ${path.slice(1)} body whole and frees every chunk it copied`, async ({ url }) => {
    const response = await request(url + path);
    // Added before the collector's: it sees each chunk first, and afterwards finds it freed. Only a chunk
    // that is its whole buffer can be freed (a stream may hand over a slice of its pool).
    const whole: Buffer[] = [];
    response.on('data', (chunk: Buffer) => {
      if (chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength) whole.push(chunk);
    });
    const collected = await collectResponseBody(response);
    assert.ok(Buffer.from(collected).equals(body));
    assert.ok(whole.length > 1, `${whole.length} whole chunks`);
    assert.ok(
      whole.every((chunk) => chunk.byteLength === 0),
      'every chunk was released once copied',
    );
  });

collecting.run();

const listing = suite<{ s3: TestS3; client: S3Client; collected: Uint8Array[] }>(
  'a listing page through the S3 client (s3rver)',
);
listing.before(async (ctx) => {
  ctx.s3 = await startS3rver();
  ctx.client = createS3Client({ ...ctx.s3, forcePathStyle: true });
  // Watch what the client's collector hands the SDK's parser (the config object its deserializer reads).
  const config = ctx.client.config as unknown as {
    streamCollector: (stream: unknown) => Promise<Uint8Array>;
  };
  const collector = config.streamCollector;
  ctx.collected = [];
  config.streamCollector = async (stream) => {
    const bytes = await collector(stream);
    ctx.collected.push(bytes);
    return bytes;
  };
  for (const name of ['a.txt', 'b.txt', 'c.txt'])
    await ctx.client.send(new PutObjectCommand({ Bucket: ctx.s3.bucket, Key: `dir/${name}`, Body: name }));
});
listing.after(async ({ s3, client }) => {
  client.destroy();
  await s3.close();
});

listing('frees a page once parsed and answers it whole', async ({ s3, client, collected }) => {
  collected.length = 0;
  const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'dir/' }));
  assert.equal(
    page.Contents?.map((object) => [object.Key, object.Size]),
    [
      ['dir/a.txt', 5],
      ['dir/b.txt', 5],
      ['dir/c.txt', 5],
    ],
  );
  // The S3 client reads a 200 answer's body twice: once to look for an error inside it, then the copy
  // its parser reads, which is the last.
  assert.ok(collected.length > 0);
  assert.is(collected.at(-1)?.byteLength, 0, "the parsed page's bytes were freed after the parse");
});

listing(
  'leaves the bytes of other calls alone: an error answer is parsed, not freed',
  async ({ s3, client, collected }) => {
    collected.length = 0;
    const error = await client
      .send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'dir/missing.txt' }))
      .catch((caught: Error) => caught);
    assert.is((error as Error).name, 'NoSuchKey');
    assert.is(collected.length, 1);
    assert.ok((collected[0]?.byteLength ?? 0) > 0, 'the error body is still there');
  },
);

listing.run();
