import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installPromptVisible, parseDismissedAt } from './pwa.ts';

const DAY = 24 * 3600 * 1000;
const now = 100 * DAY;

test('the install prompt shows only when installable, not installed, not dismissed within 7 days and the page was used', () => {
  const base = { installable: true, installed: false, dismissedAt: null, now, engaged: true };
  assert.ok(installPromptVisible(base));
  assert.not.ok(installPromptVisible({ ...base, installable: false }));
  assert.not.ok(installPromptVisible({ ...base, installed: true }));
  assert.not.ok(installPromptVisible({ ...base, dismissedAt: now - 6 * DAY }));
  assert.ok(installPromptVisible({ ...base, dismissedAt: now - 7 * DAY }));
  assert.not.ok(installPromptVisible({ ...base, engaged: false }), 'not while the page loads, untouched');
});

test('a dismissal time is read defensively', () => {
  assert.is(parseDismissedAt('1700000000000'), 1_700_000_000_000);
  assert.is(parseDismissedAt(null), null);
  assert.is(parseDismissedAt('soon'), null);
});

test.run();
