import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sharedProbe } from './sharedProbe.ts';

/** A probe whose round trips the test finishes by hand. */
function manualProbe() {
  const calls: { resolve: () => void; reject: (err: Error) => void }[] = [];
  const probe = () =>
    new Promise<void>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { probe, calls };
}

const turn = () => new Promise((r) => setImmediate(r));

test('checks arriving together share one probe, started after they arrived', async () => {
  const { probe, calls } = manualProbe();
  const check = sharedProbe(probe);
  const answers = [check(), check(), check()];
  assert.is(calls.length, 0);
  await turn();
  assert.is(calls.length, 1);
  calls[0].resolve();
  await Promise.all(answers);
});

test('a check arriving while a probe runs waits for a new probe, not the running one', async () => {
  const { probe, calls } = manualProbe();
  const check = sharedProbe(probe);
  let firstDone = false;
  const first = check().then(() => {
    firstDone = true;
  });
  await turn();
  assert.is(calls.length, 1);
  let lateDone = false;
  const late = check().then(() => {
    lateDone = true;
  });
  const lateToo = check();
  calls[0].resolve();
  await first;
  assert.ok(firstDone);
  await turn();
  assert.not.ok(lateDone, 'the late check was answered by the probe that started before it');
  assert.is(calls.length, 2, 'one new probe for both late checks, started after the first ended');
  calls[1].resolve();
  await Promise.all([late, lateToo]);
  assert.ok(lateDone);
});

test('a failed probe fails the checks that shared it, and the next check probes again', async () => {
  const { probe, calls } = manualProbe();
  const check = sharedProbe(probe);
  const failing = [check(), check()];
  await turn();
  calls[0].reject(new Error('database down'));
  for (const answer of failing) {
    try {
      await answer;
      assert.unreachable('a check passed on a failed probe');
    } catch (err) {
      assert.is((err as Error).message, 'database down');
    }
  }
  const again = check();
  await turn();
  assert.is(calls.length, 2);
  calls[1].resolve();
  await again;
});

test.run();
