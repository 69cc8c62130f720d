// A suite whose `before` hook throws: uvu itself prints nothing about it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';

test.before(() => {
  throw new Error('no database today');
});
test('first', () => assert.ok(true));
test('second', () => assert.ok(true));
test.run();
