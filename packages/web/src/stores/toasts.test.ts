import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createToastStore, type Later } from './toasts.ts';

/** Timers that fire only when the test moves time past them, in due order. */
function manualTimers() {
  let now = 0;
  const pending: { due: number; fn: () => void }[] = [];
  const later: Later = (ms, fn) => void pending.push({ due: now + ms, fn });
  return {
    later,
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const next = pending.filter((t) => t.due <= until).sort((a, b) => a.due - b.due)[0];
        if (!next) break;
        pending.splice(pending.indexOf(next), 1);
        now = next.due;
        next.fn();
      }
      now = until;
    },
  };
}

test('a toast appears after its delay, fades for its last 0.3 s and leaves at its duration', () => {
  const timers = manualTimers();
  const toasts = createToastStore(timers.later);
  toasts.show('offline', { delayMs: 100, durationMs: 500, kind: 'error' });
  const shown = () => toasts.toasts.value.map((t) => [t.text, t.kind, t.leaving]);
  timers.advance(99);
  assert.equal(shown(), [], 'not before the delay');
  timers.advance(1);
  assert.equal(shown(), [['offline', 'error', false]]);
  // Shown at 100 ms for 500 ms: it fades from 300 ms (its last 0.3 s) and leaves at 600 ms.
  timers.advance(199);
  assert.equal(shown(), [['offline', 'error', false]], 'not fading yet');
  timers.advance(1);
  assert.equal(shown(), [['offline', 'error', true]], 'fading');
  timers.advance(299);
  assert.equal(shown(), [['offline', 'error', true]], 'still there while it fades');
  timers.advance(1);
  assert.equal(shown(), []);
});

test('toasts keep their own times, and a dismissed one goes at once', () => {
  const timers = manualTimers();
  const toasts = createToastStore(timers.later);
  toasts.show('first', { durationMs: 1000 });
  toasts.show('second', { delayMs: 500, durationMs: 1000 });
  timers.advance(0);
  assert.equal(
    toasts.toasts.value.map((t) => t.text),
    ['first'],
  );
  timers.advance(500);
  assert.equal(
    toasts.toasts.value.map((t) => t.text),
    ['first', 'second'],
  );
  timers.advance(500);
  assert.equal(
    toasts.toasts.value.map((t) => t.text),
    ['second'],
  );
  toasts.dismiss(toasts.toasts.value[0].id);
  assert.equal(toasts.toasts.value, []);
  // Its timers still fall due later and find nothing to change.
  timers.advance(1000);
  assert.equal(toasts.toasts.value, []);
});

test.run();
