// One passing test and one failing test.
import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('passes', () => assert.ok(true));
test('fails', () => assert.is(1 + 1, 3));
test.run();
