import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSharePrefetch } from './sharePrefetch.ts';

test('a started read is handed out once, for its own slug only', async () => {
  const prefetch = createSharePrefetch<string>();
  let reads = 0;
  prefetch.start('abc', async () => `read ${++reads}`);
  assert.is(prefetch.take('other'), undefined);
  assert.is(await prefetch.take('abc'), 'read 1');
  assert.is(prefetch.take('abc'), undefined, 'a second taker reads again itself');
  assert.is(reads, 1);
});

test('starting again replaces the read nobody took', async () => {
  const prefetch = createSharePrefetch<string>();
  prefetch.start('abc', async () => 'first');
  prefetch.start('abc', async () => 'second');
  assert.is(await prefetch.take('abc'), 'second');
});

test('a failed read reaches its taker, and is not an unhandled rejection before that', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  const prefetch = createSharePrefetch<string>();
  let fail = (_err: Error) => {};
  prefetch.start('gone', () => new Promise<string>((_, reject) => (fail = reject)));
  fail(new Error('410'));
  // Node reports a rejection nobody handled once the microtasks after it have run, before the event
  // loop's next phase: one setImmediate turn later it would have been reported.
  await new Promise((resolve) => setImmediate(resolve));
  process.off('unhandledRejection', onUnhandled);
  assert.equal(unhandled, []);
  try {
    await prefetch.take('gone');
    assert.unreachable('the taker sees the failure');
  } catch (err) {
    assert.is((err as Error).message, '410');
  }
});

test.run();
