/** utcDay remembers the last day it was asked for: it must still answer every instant's own day. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { utcDay } from './activity.ts';

const midnight = Date.UTC(2026, 10, 29);

test('the day changes exactly at UTC midnight, in either order of asking', () => {
  assert.is(utcDay(midnight - 1), '2026-11-28');
  assert.is(utcDay(midnight), '2026-11-29');
  assert.is(utcDay(midnight - 1), '2026-11-28');
  assert.is(utcDay(midnight + 86_400_000 - 1), '2026-11-29');
  assert.is(utcDay(midnight + 86_400_000), '2026-11-30');
});

test('any instant answers what toISOString says', () => {
  for (const ms of [0, 1, 951_782_400_000, 4_102_444_800_000 - 1, midnight + 12 * 3_600_000]) {
    assert.is(utcDay(ms), new Date(ms).toISOString().slice(0, 10), String(ms));
    assert.is(utcDay(ms), new Date(ms).toISOString().slice(0, 10), `${ms} again`);
  }
});

test.run();
