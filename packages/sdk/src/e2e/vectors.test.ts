/** The test vectors of docs/e2e-format.md: the SDK writes them exactly, and node:crypto alone opens them by the documented layout. */
import { createDecipheriv, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decryptBytes, encodeKey, encryptBytes } from './index.ts';

const doc = readFileSync(new URL('../../../../docs/e2e-format.md', import.meta.url), 'utf8');
function vector(name: string): Buffer {
  const fence = '```';
  const match = new RegExp(`${fence}${name}\\n([0-9a-f]+)\\n${fence}`).exec(doc);
  if (!match) throw new Error(`${name} is missing from docs/e2e-format.md`);
  return Buffer.from(match[1], 'hex');
}

const key = Uint8Array.from({ length: 32 }, (_, i) => i);
const prefix = Uint8Array.from([0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6]);

/** A second reader, written from the page's table with node:crypto, sharing no code with the SDK. */
function openByTheBook(stream: Buffer, rawKey: Uint8Array) {
  assert.is(stream.subarray(0, 4).toString('ascii'), 'CLPE');
  assert.is(stream[4], 1);
  const S = stream.readUInt32BE(5);
  const P = stream.subarray(9, 16);
  const M = stream.readUInt16BE(16);
  const check = createHash('sha256').update('clip-e2e v1 key check').update(rawKey).update(P).digest();
  assert.ok(check.equals(stream.subarray(18, 50)), 'key check');
  const header = stream.subarray(0, 50);
  const pieces: Buffer[] = [stream.subarray(50, 50 + M + 16)];
  for (let at = 50 + M + 16; at < stream.length; at += S + 16) pieces.push(stream.subarray(at, at + S + 16));
  const plain = pieces.map((sealed, counter) => {
    const nonce = Buffer.alloc(12);
    P.copy(nonce, 0);
    nonce.writeUInt32BE(counter, 7);
    nonce[11] = counter === pieces.length - 1 ? 1 : 0;
    const d = createDecipheriv('aes-256-gcm', rawKey, nonce);
    d.setAAD(header);
    d.setAuthTag(sealed.subarray(sealed.length - 16));
    return Buffer.concat([d.update(sealed.subarray(0, sealed.length - 16)), d.final()]);
  });
  return { meta: JSON.parse(plain[0].toString('utf8')), data: Buffer.concat(plain.slice(1)) };
}

test('the page states the key in base64url as the SDK writes it', () => {
  assert.ok(doc.includes(encodeKey(key)));
});

test('vector 1: two data chunks, written exactly and opened by the layout alone', async () => {
  const expected = vector('vector-1');
  const made = await encryptBytes(
    key,
    { name: 'hello.txt', type: 'text/plain' },
    new TextEncoder().encode('Hello, clip! End-to-end.'),
    { chunkSize: 16, prefix },
  );
  assert.is(Buffer.from(made).toString('hex'), expected.toString('hex'));
  const book = openByTheBook(expected, key);
  assert.equal(book.meta, { name: 'hello.txt', type: 'text/plain' });
  assert.is(book.data.toString('utf8'), 'Hello, clip! End-to-end.');
  const sdk = await decryptBytes(key, expected);
  assert.is(new TextDecoder().decode(sdk.data), 'Hello, clip! End-to-end.');
});

test('vector 2: no data, the meta chunk is the last', async () => {
  const expected = vector('vector-2');
  const made = await encryptBytes(key, { name: '', type: 'text/plain' }, new Uint8Array(0), { prefix });
  assert.is(Buffer.from(made).toString('hex'), expected.toString('hex'));
  const book = openByTheBook(expected, key);
  assert.equal(book.meta, { name: '', type: 'text/plain' });
  assert.is(book.data.length, 0);
});

test.run();
