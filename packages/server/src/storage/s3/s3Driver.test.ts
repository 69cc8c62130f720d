import { Readable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startS3rver, type TestS3 } from '../../testing/s3rver.ts';
import type { StorageDriver } from '../driver.ts';
import { storageConformance } from '../testing/conformance.ts';
import { collect, failingBody, rejectsWith, sha256 } from '../testing/conformanceHelpers.ts';
import { S3Driver, type S3DriverOptions } from './s3Driver.ts';

const textBody = (text: string) => Readable.from([Buffer.from(text)]);

let s3: TestS3;
const warnings: { obj: object; msg: string }[] = [];
const options = (extra: Partial<S3DriverOptions> = {}): S3DriverOptions => ({
  endpoint: s3.endpoint,
  region: s3.region,
  bucket: s3.bucket,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  forcePathStyle: true,
  logger: { warn: (obj, msg) => void warnings.push({ obj, msg }) },
  ...extra,
});

const conformance = suite<{ driver: StorageDriver }>('s3 driver conformance (s3rver)');
conformance.before(async () => {
  s3 = await startS3rver();
});
storageConformance(conformance, {
  // A default folder: everything the suite does must stay below it.
  create: async () => new S3Driver(options({ defaultFolder: 'conformance/run' })),
  expect: { presign: true, multipart: true, copy: true, rename: true, mkdir: true },
});
conformance.run();

const specific = suite<{ driver: S3Driver; bare: S3Driver }>('s3 driver specifics');
specific.before(async (ctx) => {
  ctx.driver = new S3Driver(options({ defaultFolder: 'jail' }));
  ctx.bare = new S3Driver(options());
});
specific.after(async (ctx) => {
  await ctx.driver.close();
  await ctx.bare.close();
  await s3.close();
});

specific('the default folder jails every key', async ({ driver, bare }) => {
  await bare.write('outside.txt', textBody('outside'));
  await driver.write('inside.txt', textBody('inside'));
  assert.is((await bare.stat('jail/inside.txt'))?.size, 6);
  assert.is(await driver.stat('outside.txt'), null);
  assert.ok((await driver.list('')).entries.every((e) => !e.name.startsWith('outside')));
  await driver.remove('inside.txt');
  assert.is((await bare.stat('outside.txt'))?.size, 7);
});

specific('an abort the store refuses is logged and reported, never thrown', async ({ driver }) => {
  warnings.length = 0;
  const { uploadId } = await driver.multipartInit('refused.bin', {});
  const confirmed = await driver.multipartAbort('refused.bin', uploadId);
  // s3rver answers AbortMultipartUpload with MethodNotAllowed.
  assert.is(confirmed, false);
  assert.is(warnings.length, 1);
  assert.match(JSON.stringify(warnings[0].obj), /MethodNotAllowed|405/);
  assert.is(await driver.stat('refused.bin'), null);
});

specific(
  'a streamed write that fails after several parts leaves no object, even though abort is refused',
  async ({ driver }) => {
    warnings.length = 0;
    const small = new S3Driver(options({ defaultFolder: 'jail', partBytes: 5 * 1024 * 1024 }));
    await rejectsWith(small.write('broken.bin', failingBody(11 * 1024 * 1024)), Error);
    assert.is(await driver.stat('broken.bin'), null);
    assert.ok(warnings.some((w) => w.msg === 'multipart abort failed'));
    await small.close();
  },
);

specific('a write given its chunks frees each once copied, and the object is whole', async ({ driver }) => {
  const small = new S3Driver(options({ defaultFolder: 'jail', partBytes: 5 * 1024 * 1024 }));
  for (const size of [11 * 1024 * 1024 + 5, 200_000]) {
    // Fresh 64 KiB pieces, each all of its ArrayBuffer, as a request body's chunks are.
    const pieces = Array.from({ length: Math.ceil(size / 65536) }, (_, i) =>
      Buffer.alloc(Math.min(65536, size - i * 65536), i % 251),
    );
    const expected = sha256(Buffer.concat(pieces));
    await small.write(`released-${size}.bin`, Readable.from(pieces), {
      releaseChunks: true,
      size: size < 5 * 1024 * 1024 ? size : undefined,
    });
    assert.ok(
      pieces.every((p) => p.buffer.byteLength === 0),
      'every chunk was freed',
    );
    const read = await driver.read(`released-${size}.bin`);
    assert.is(sha256(await collect(read.stream)), expected);
  }
  await small.close();
});

specific('remove of a prefix with more than one DeleteObjects page empties it', async ({ driver }) => {
  const keys = Array.from({ length: 1003 }, (_, i) => `bulk/k${i}`);
  const queue = [...keys];
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let k = queue.pop(); k; k = queue.pop()) await driver.write(k, textBody('x'));
    }),
  );
  await driver.remove('bulk');
  assert.is(await driver.stat('bulk'), null);
});

specific('object URLs follow path style, virtual hosts and custom hosts', async ({ bare }) => {
  const base = options();
  const at = (o: Partial<S3DriverOptions>) => new S3Driver({ ...base, ...o }).objectUrl('a b/ü.txt');
  assert.is(bare.objectUrl('a b/ü.txt'), `${s3.endpoint}/${s3.bucket}/a%20b/%C3%BC.txt`);
  assert.is(
    at({ endpoint: 'https://s3.example.com', forcePathStyle: false }),
    `https://${s3.bucket}.s3.example.com/a%20b/%C3%BC.txt`,
  );
  assert.is(
    at({ customHost: 'https://cdn.example.com/', defaultFolder: 'f' }),
    'https://cdn.example.com/f/a%20b/%C3%BC.txt',
  );
  assert.is(
    at({ endpoint: null, region: 'eu-west-1', forcePathStyle: false }),
    `https://${s3.bucket}.s3.eu-west-1.amazonaws.com/a%20b/%C3%BC.txt`,
  );
});

specific.run();
