import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installPromptVisible, parseDismissedAt } from './pwa.ts';

const DAY = 24 * 3600 * 1000;
const now = 100 * DAY;

test('the install prompt shows only when installable, not installed and not dismissed within 7 days', () => {
  assert.ok(installPromptVisible({ installable: true, installed: false, dismissedAt: null, now }));
  assert.not.ok(installPromptVisible({ installable: false, installed: false, dismissedAt: null, now }));
  assert.not.ok(installPromptVisible({ installable: true, installed: true, dismissedAt: null, now }));
  assert.not.ok(
    installPromptVisible({ installable: true, installed: false, dismissedAt: now - 6 * DAY, now }),
  );
  assert.ok(installPromptVisible({ installable: true, installed: false, dismissedAt: now - 7 * DAY, now }));
});

test('a dismissal time is read defensively', () => {
  assert.is(parseDismissedAt('1700000000000'), 1_700_000_000_000);
  assert.is(parseDismissedAt(null), null);
  assert.is(parseDismissedAt('soon'), null);
});

test.run();
