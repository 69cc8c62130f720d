// A .only left behind: uvu runs that test alone and reports the other as skipped.
import { test } from 'uvu';
import * as assert from 'uvu/assert';

test.only('the only one', () => assert.ok(true));
test('hidden by .only', () => assert.ok(false));
test.run();
