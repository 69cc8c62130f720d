import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareBytewise, indexAfter, sortBytewise } from './byteOrder.ts';

const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const sign = (n: number) => Math.sign(n);

/** Names mixing ASCII, U+00E9, U+FF21 (fullwidth A, above the surrogates), and U+1F600 (an emoji, a surrogate pair). */
const PIECES = ['a', 'b', 'Z', '0', '.', '\u00e9', '\uff21', '\u{1f600}', '\u4e2d'];
function randomName(seed: number): string {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s;
  };
  const len = 1 + (next() % 5);
  let name = '';
  for (let i = 0; i < len; i++) name += PIECES[next() % PIECES.length];
  return name;
}

test('compares as the names UTF-8 bytes do, surrogate pairs against U+E000-U+FFFF included', () => {
  assert.ok(compareBytewise('\u{1f600}', '\uff21') > 0, 'an emoji sorts after fullwidth A in UTF-8');
  assert.ok('\u{1f600}' < '\uff21', 'while UTF-16 code units put it first');
  for (let i = 0; i < 2000; i++) {
    const a = randomName(i);
    const b = randomName(i + 7919);
    assert.is(sign(compareBytewise(a, b)), sign(byBytes(a, b)), `${a} vs ${b}`);
  }
});

test('sorts in byte order with and without names outside the BMP', () => {
  const mixed = Array.from({ length: 500 }, (_, i) => randomName(i));
  assert.equal(sortBytewise([...mixed]), [...mixed].sort(byBytes));
  const plain = ['b', 'a\u00e9', 'A', 'a', '\uff21', 'ab'];
  assert.equal(sortBytewise([...plain]), [...plain].sort(byBytes));
});

test('finds where a cursor resumes: the first name after it, present or not', () => {
  const sorted = sortBytewise(['a', 'c', 'e', '\uff21', '\u{1f600}']);
  assert.is(indexAfter(sorted, 'a'), 1);
  assert.is(indexAfter(sorted, 'b'), 1);
  assert.is(indexAfter(sorted, ''), 0);
  assert.is(indexAfter(sorted, '\uff21'), 4);
  assert.is(indexAfter(sorted, '\u{1f600}'), 5);
});

test.run();
