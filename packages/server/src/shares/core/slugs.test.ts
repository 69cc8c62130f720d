// Slug allocation shared by every share kind: a custom slug once or 409, random slugs retried and growing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allocateSlug, customSlug, isSlugShaped } from './slugs.ts';

const statusOf = async (work: Promise<unknown>) =>
  work.then(
    () => 'ok',
    (e: { status?: number }) => e.status,
  );

/** A store stand-in that records every slug tried and answers whether it was free. */
function recorder(free: (attempt: number) => boolean) {
  const tried: string[] = [];
  const tryInsert = async (slug: string) => {
    tried.push(slug);
    return free(tried.length);
  };
  return { tried, tryInsert };
}

test('a custom slug is tried once: stored, or 409 when taken', async () => {
  const taken = recorder(() => false);
  const free = recorder(() => true);
  assert.is(await allocateSlug('mine', free.tryInsert), 'mine');
  assert.is(await statusOf(allocateSlug('mine', taken.tryInsert)), 409);
  assert.equal([...free.tried, ...taken.tried], ['mine', 'mine']);
});

test('random slugs are retried on collision and grow every third attempt', async () => {
  const { tried, tryInsert } = recorder((attempt) => attempt === 5);
  const slug = await allocateSlug(null, tryInsert);
  assert.is(slug, tried[4]);
  assert.equal(
    tried.map((s) => s.length),
    [6, 6, 6, 8, 8],
  );
  assert.ok(tried.every(isSlugShaped));
});

test('a crowded slug space ends in an error, not a loop', async () => {
  const { tried, tryInsert } = recorder(() => false);
  const failure = await allocateSlug(null, tryInsert).catch((e: Error) => e.message);
  assert.match(String(failure), /no free random slug/);
  assert.is(tried.length, 8);
});

test('an empty custom slug asks for a random one; a malformed one is 400', async () => {
  assert.is(customSlug(''), null);
  assert.is(customSlug(undefined), null);
  assert.is(customSlug('ok-slug_1'), 'ok-slug_1');
  assert.throws(
    () => customSlug('no spaces'),
    (e: { status?: number }) => e.status === 400,
  );
});

test.run();
