import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { recentByKey, recentFor } from './recent.ts';

test('an answer is reused within the period, reloaded after it, per key', async () => {
  let now = 1_000;
  const loads: string[] = [];
  const get = recentByKey(
    1000,
    async (key) => {
      loads.push(key);
      return `${key}@${now}`;
    },
    () => now,
  );
  assert.is(await get('a'), 'a@1000');
  now += 999;
  assert.is(await get('a'), 'a@1000', 'still within the period');
  assert.is(await get('b'), 'b@1999', 'another key loads on its own');
  now += 1;
  assert.is(await get('a'), 'a@2000', 'reloaded once the period is over');
  assert.equal(loads, ['a', 'b', 'a']);
});

test('a failed load is not kept', async () => {
  let fail = true;
  let calls = 0;
  const get = recentFor(
    60_000,
    async () => {
      calls++;
      if (fail) throw new Error('database away');
      return 'mounts';
    },
    () => 0,
  );
  await get().catch(() => undefined);
  fail = false;
  assert.is(await get(), 'mounts');
  assert.is(calls, 2);
});

test.run();
