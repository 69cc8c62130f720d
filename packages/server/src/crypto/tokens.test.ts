// Token, slug and id shapes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomSlug, timeOrderedUuid } from './tokens.ts';

test('a time-ordered UUID is a version 7 UUID carrying its millisecond, ordered by time', () => {
  const at = Date.UTC(2026, 10, 23, 12, 0, 0, 0);
  const ids = [0, 1, 2, 1000, 86_400_000].map((dt) => timeOrderedUuid(at + dt));
  for (const id of ids)
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.is(Number.parseInt(ids[0].replace('-', '').slice(0, 12), 16), at);
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

test.run();
