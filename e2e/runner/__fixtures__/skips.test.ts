// Two passing tests and three skipped ones: uvu reports Total 2, Passed 2, Skipped 3.
import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('passes one', () => assert.ok(true));
test('passes two', () => assert.ok(true));
test.skip('skipped one', () => assert.ok(false));
test.skip('skipped two', () => assert.ok(false));
test.skip('skipped three', () => assert.ok(false));
test.run();
