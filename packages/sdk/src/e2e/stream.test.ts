/** The stream's guarantees: round trips at any chunking, a wrong key named as such, tampering, reordering and truncation refused. */
import { randomBytes } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  decodeKey,
  decryptBytes,
  decryptStream,
  E2eError,
  EncryptionPlan,
  encryptBytes,
  encryptStream,
  generateKey,
  keyFromFragment,
  withKeyFragment,
} from './index.ts';

const meta = { name: '报告 final.pdf', type: 'application/pdf' };

async function* pieces(data: Uint8Array, size: number) {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}
async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const p of source) parts.push(p);
  return Buffer.concat(parts);
}
async function failure(promise: Promise<unknown>): Promise<E2eError> {
  try {
    await promise;
  } catch (err) {
    assert.instance(err, E2eError);
    return err as E2eError;
  }
  throw new Error('expected the stream to be refused');
}
async function openAll(key: Uint8Array, sealed: Uint8Array) {
  return decryptBytes(key, sealed);
}

test('round trip for sizes around the chunk boundaries, whatever the input chunking', async () => {
  const key = generateKey();
  for (const size of [0, 1, 65535, 65536, 65537, 3 * 65536, 200_001]) {
    const data = randomBytes(size);
    const sealed = await collect(encryptStream(key, meta, pieces(data, 10_007)));
    const plan = await EncryptionPlan.create(key, meta);
    assert.is(sealed.length, plan.sizeFor(size), `size of ${size}`);
    const opened = await decryptStream(key, pieces(sealed, 4093));
    assert.equal(opened.meta, meta);
    assert.is(opened.plaintextSize(sealed.length), size, `plaintext size of ${size}`);
    assert.ok((await collect(opened.data)).equals(data), `data of ${size}`);
  }
});

test('any ciphertext range made from the plaintext matches the whole stream (resumed and parallel upload parts)', async () => {
  const key = generateKey();
  const prefix = randomBytes(7);
  const data = randomBytes(5 * 1000 + 3);
  const plan = await EncryptionPlan.create(key, meta, { chunkSize: 1000, prefix });
  const whole = await collect(plan.stream(pieces(data, 777)));
  const read = (s: number, e: number) => pieces(data.subarray(s, e), 333);
  for (const [start, end] of [
    [0, whole.length],
    [0, 10],
    [49, 51],
    [100, 1300],
    [1200, 4400],
    [whole.length - 5, whole.length],
  ]) {
    const part = await collect(plan.range(data.length, read, start, end));
    assert.ok(part.equals(whole.subarray(start, end)), `range ${start}-${end}`);
  }
});

test('a wrong key is named as such before any data is read', async () => {
  const sealed = await encryptBytes(generateKey(), meta, randomBytes(100));
  assert.is((await failure(openAll(generateKey(), sealed))).code, 'wrong-key');
});

test('a changed byte anywhere is refused: header, meta, data, tag', async () => {
  const key = generateKey();
  const sealed = await encryptBytes(key, meta, randomBytes(150_000));
  for (const at of [6, 12, 16, 60, 50 + 128 + 10, 70_000, sealed.length - 1]) {
    const bad = Uint8Array.from(sealed);
    bad[at] ^= 0x01;
    const err = await failure(openAll(key, bad));
    assert.ok(['corrupted', 'wrong-key'].includes(err.code), `byte ${at}: ${err.code}`);
  }
});

test('reordered chunks are refused', async () => {
  const key = generateKey();
  const data = randomBytes(3 * 1000);
  const sealed = Buffer.from(await encryptBytes(key, meta, data, { chunkSize: 1000 }));
  const first = 50 + 128 + 16;
  const step = 1016;
  const swapped = Buffer.concat([
    sealed.subarray(0, first),
    sealed.subarray(first + step, first + 2 * step),
    sealed.subarray(first, first + step),
    sealed.subarray(first + 2 * step),
  ]);
  assert.is((await failure(openAll(key, swapped))).code, 'corrupted');
});

test('truncation is refused: at a chunk boundary, inside a chunk, after the meta chunk, inside the header', async () => {
  const key = generateKey();
  const sealed = await encryptBytes(key, meta, randomBytes(3 * 1000), { chunkSize: 1000 });
  const first = 50 + 128 + 16;
  for (const length of [first + 1016, first + 2 * 1016, first + 500, first, 30]) {
    const err = await failure(openAll(key, sealed.subarray(0, length)));
    assert.ok(['truncated', 'corrupted'].includes(err.code), `cut at ${length}: ${err.code}`);
  }
  assert.is((await failure(openAll(key, sealed.subarray(0, first + 1016)))).code, 'truncated');
  assert.is((await failure(openAll(key, sealed.subarray(0, first)))).code, 'truncated');
});

test('data appended after the last chunk is refused', async () => {
  const key = generateKey();
  const sealed = await encryptBytes(key, meta, randomBytes(2000), { chunkSize: 1000 });
  const longer = Buffer.concat([sealed, randomBytes(40)]);
  assert.is((await failure(openAll(key, longer))).code, 'corrupted');
});

test('what is not a clip stream says so', async () => {
  assert.is(
    (
      await failure(
        openAll(
          generateKey(),
          new TextEncoder().encode('just some text, no header at all, long enough to parse............'),
        ),
      )
    ).code,
    'not-encrypted',
  );
});

test('keys travel in the fragment; a missing or short key is named', () => {
  const key = generateKey();
  const link = withKeyFragment('https://clip.example/p/abc', key);
  assert.match(link, /^https:\/\/clip\.example\/p\/abc#k=[A-Za-z0-9_-]{43}$/);
  assert.equal(decodeKey(keyFromFragment(new URL(link).hash)), key);
  assert.throws(
    () => decodeKey(keyFromFragment('')),
    (e: E2eError) => e.code === 'missing-key',
  );
  assert.throws(
    () => decodeKey('abc'),
    (e: E2eError) => e.code === 'missing-key',
  );
});

test.run();
