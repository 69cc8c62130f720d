import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readAhead } from './readAhead.ts';

/** A source that logs when each value is asked for and when the consumer has it. */
function logged(values: string[], log: string[], failAt?: number, onFail?: () => void) {
  return (async function* () {
    for (let i = 0; i < values.length; i++) {
      log.push(`ask ${i}`);
      await new Promise((r) => setImmediate(r));
      if (i === failAt) {
        onFail?.();
        throw new Error(`page ${i} failed`);
      }
      yield values[i];
    }
  })();
}

test('the next value is asked for before the consumer has finished with the current one', async () => {
  const log: string[] = [];
  const seen: string[] = [];
  for await (const v of readAhead(logged(['a', 'b', 'c'], log))) {
    log.push(`got ${v}`);
    seen.push(v);
  }
  assert.equal(seen, ['a', 'b', 'c']);
  assert.equal(log, ['ask 0', 'ask 1', 'got a', 'ask 2', 'got b', 'got c']);
});

test('a failure of the value read ahead while the consumer works reaches the consumer, not unhandled', async () => {
  const log: string[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (e: unknown) => unhandled.push(e);
  process.on('unhandledRejection', onUnhandled);
  const seen: string[] = [];
  let failed = () => {};
  const failure = new Promise<void>((r) => {
    failed = r;
  });
  let caught: unknown = null;
  try {
    for await (const v of readAhead(logged(['a', 'b', 'c'], log, 1, failed))) {
      seen.push(v);
      // The consumer is slow: the read-ahead fails meanwhile, and a turn of the event loop passes
      // (when Node reports a rejection nobody handles).
      await failure;
      await new Promise((r) => setImmediate(r));
    }
  } catch (err) {
    caught = err;
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
  assert.match(String(caught), /page 1 failed/);
  assert.equal(seen, ['a']);
  assert.equal(unhandled, []);
});

test('a consumer that stops early ends the source', async () => {
  let ended = false;
  const source = (async function* () {
    try {
      yield 1;
      yield 2;
      yield 3;
    } finally {
      ended = true;
    }
  })();
  for await (const v of readAhead(source)) if (v === 1) break;
  assert.ok(ended);
});

test.run();
