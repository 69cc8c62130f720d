import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createToastStore } from './toasts.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a toast appears after its delay, fades for its last 0.3 s and leaves at its duration', async () => {
  const toasts = createToastStore();
  toasts.show('offline', { delayMs: 100, durationMs: 500, kind: 'error' });
  assert.is(toasts.toasts.value.length, 0, 'not before the delay');
  await sleep(150);
  assert.equal(
    toasts.toasts.value.map((t) => [t.text, t.kind, t.leaving]),
    [['offline', 'error', false]],
  );
  await sleep(300);
  assert.is(toasts.toasts.value[0]?.leaving, true, 'fading');
  await sleep(200);
  assert.is(toasts.toasts.value.length, 0);
});

test.run();
