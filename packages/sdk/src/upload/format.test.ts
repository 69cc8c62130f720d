import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatBytes } from './format.ts';

test('whole bytes below 1 KiB, even for a rate (a tiny upload once read "22.511478884476684 B/s")', () => {
  assert.is(formatBytes(0), '0 B');
  assert.is(formatBytes(3), '3 B');
  assert.is(formatBytes(22.511478884476684), '23 B');
  assert.is(formatBytes(1023.4), '1023 B');
});

test('binary units with two decimals under 10 and one above', () => {
  assert.is(formatBytes(1024), '1.00 KiB');
  assert.is(formatBytes(1.5 * 1024 * 1024), '1.50 MiB');
  assert.is(formatBytes(23.8 * 1024 * 1024), '23.8 MiB');
});

test('what is not a byte count reads "?"', () => {
  assert.is(formatBytes(Number.NaN), '?');
  assert.is(formatBytes(-1), '?');
  assert.is(formatBytes(Number.POSITIVE_INFINITY), '?');
});

test.run();
