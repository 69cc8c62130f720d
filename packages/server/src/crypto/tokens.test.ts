// Token, slug and id shapes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomSlug, randomToken, sha256, timeOrderedUuid } from './tokens.ts';

test('a time-ordered UUID is a version 7 UUID carrying its millisecond, ordered by time', () => {
  const at = Date.UTC(2026, 10, 23, 12, 0, 0, 0);
  const ids = [0, 1, 2, 1000, 86_400_000].map((dt) => timeOrderedUuid(at + dt));
  for (const id of ids)
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const millisecondOf = (id: string) => Number.parseInt(id.replace('-', '').slice(0, 12), 16);
  assert.is(millisecondOf(ids[0]), at);
  // An injected clock may read between two milliseconds: the id carries the one it is in.
  assert.is(millisecondOf(timeOrderedUuid(at + 0.7)), at);
  assert.equal([...ids].sort(), ids);
  assert.is(new Set(Array.from({ length: 1000 }, () => timeOrderedUuid(at))).size, 1000);
});

test('random slugs have the asked length, use only the alphabet and do not repeat', () => {
  const slugs = Array.from({ length: 5000 }, () => randomSlug(8));
  for (const slug of slugs)
    assert.match(slug, /^[abcdefghjkmnpqrstuvwxyzACDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/);
  assert.is(new Set(slugs).size, slugs.length);
  assert.is(randomSlug().length, 6);
});

test('random tokens are base64url of the asked bytes and do not repeat', () => {
  const tokens = Array.from({ length: 1000 }, () => randomToken());
  for (const token of tokens) assert.match(token, /^[\w-]{43}$/);
  assert.is(new Set(tokens).size, tokens.length);
  assert.is(Buffer.from(randomToken(16), 'base64url').length, 16);
});

test('sha256 is the hex digest tokens are looked up by', () => {
  assert.is(sha256(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.is(sha256('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});

test.run();
