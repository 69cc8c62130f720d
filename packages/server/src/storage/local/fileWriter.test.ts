import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FileWriter } from './fileWriter.ts';

let dir: string;
test.before.each(async () => {
  dir = await mkdtemp(join(tmpdir(), 'clip-file-writer-'));
});
test.after.each(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `count` chunks of `size` bytes, each its own buffer, filled with its index. */
const chunks = (count: number, size: number) =>
  Array.from({ length: count }, (_, i) => Buffer.alloc(size, i % 256));

test('writes every chunk in order and counts the bytes', async () => {
  const parts = chunks(40, 64 * 1024);
  const path = join(dir, 'out.bin');
  const file = new FileWriter(path, { flags: 'wx', mode: 0o600 });
  await pipeline(Readable.from(parts), file);
  assert.is(file.bytesWritten, 40 * 64 * 1024);
  assert.ok((await readFile(path)).equals(Buffer.concat(parts)));
});

test('with a start, writers fill their own ranges of one file at once and leave the rest as it was', async () => {
  const path = join(dir, 'ranges.bin');
  await writeFile(path, Buffer.alloc(10 * 1024, 0xee));
  const first = chunks(4, 1024);
  const second = chunks(3, 1024).map((b) => b.fill(0xab));
  const writer = (start: number) => new FileWriter(path, { flags: 'r+', mode: 0o600, start });
  const [a, b] = [writer(0), writer(6 * 1024)];
  await Promise.all([pipeline(Readable.from(first), a), pipeline(Readable.from(second), b)]);
  assert.is(a.bytesWritten, 4 * 1024);
  assert.is(b.bytesWritten, 3 * 1024);
  const back = await readFile(path);
  assert.is(back.length, 10 * 1024);
  assert.ok(back.subarray(0, 4 * 1024).equals(Buffer.concat(first)));
  assert.ok(back.subarray(4 * 1024, 6 * 1024).equals(Buffer.alloc(2 * 1024, 0xee)));
  assert.ok(back.subarray(6 * 1024, 9 * 1024).equals(Buffer.concat(second)));
  assert.ok(back.subarray(9 * 1024).equals(Buffer.alloc(1024, 0xee)));
});

test('with releaseChunks, a chunk that is all of its buffer is freed once written; a slice never is', async () => {
  const whole = chunks(3, 1024);
  const shared = Buffer.alloc(2048, 7);
  const slice = shared.subarray(0, 1024);
  const path = join(dir, 'released.bin');
  await pipeline(
    Readable.from([...whole, slice]),
    new FileWriter(path, { flags: 'wx', mode: 0o600, releaseChunks: true }),
  );
  assert.ok(
    whole.every((b) => b.buffer.byteLength === 0),
    'the written chunks are released',
  );
  assert.is(shared.length, 2048, 'the buffer a slice shares is left alone');
  assert.is(shared[2047], 7);
  const written = await readFile(path);
  assert.is(written.length, 4 * 1024);
  assert.is(written[0], 0);
  assert.is(written[3 * 1024], 7);
});

test('without releaseChunks the chunks stay as they were', async () => {
  const parts = chunks(2, 1024);
  await pipeline(Readable.from(parts), new FileWriter(join(dir, 'kept.bin'), { flags: 'wx', mode: 0o600 }));
  assert.ok(parts.every((b, i) => b.length === 1024 && b[0] === i));
});

test('an existing file with flags wx fails the pipeline, and so does a failing source', async () => {
  const path = join(dir, 'taken.bin');
  await writeFile(path, 'x');
  const err = await pipeline(
    Readable.from(chunks(1, 10)),
    new FileWriter(path, { flags: 'wx', mode: 0o600 }),
  ).catch((e) => e);
  assert.is(err?.code, 'EEXIST');

  const source = new Readable({ read() {} });
  const writing = pipeline(source, new FileWriter(join(dir, 'cut.bin'), { flags: 'wx', mode: 0o600 }));
  source.push(Buffer.from('partial'));
  source.destroy(new Error('cut short'));
  assert.match(String(await writing.catch((e) => e)), /cut short/);
});

test.run();
