/** Node's AES-GCM and WebCrypto's are interchangeable: the same sealed bytes, each opens the other's. */
import { randomBytes } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ChunkCipher } from './cipher.ts';

test('both engines seal the same bytes and open each other’s, and both refuse a changed byte', async () => {
  const key = randomBytes(32);
  const prefix = randomBytes(7);
  const header = randomBytes(50);
  const node = await ChunkCipher.create(key, prefix, header, 'node');
  const web = await ChunkCipher.create(key, prefix, header, 'webcrypto');
  for (const size of [0, 1, 1000, 65536]) {
    const plain = randomBytes(size);
    const a = await node.seal(7, plain, size === 0);
    const b = await web.seal(7, plain, size === 0);
    assert.equal(Buffer.from(a), Buffer.from(b), `sealed ${size} bytes alike`);
    assert.equal(Buffer.from((await web.open(7, a, size === 0)) ?? []), plain);
    assert.equal(Buffer.from((await node.open(7, b, size === 0)) ?? []), plain);
    const bad = Uint8Array.from(a);
    bad[bad.length - 1] ^= 1;
    assert.is(await node.open(7, bad, size === 0), null);
    assert.is(await web.open(7, bad, size === 0), null);
    assert.is(await node.open(8, a, size === 0), null, 'another counter');
  }
});

test.run();
