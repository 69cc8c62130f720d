// A suite whose .run() was forgotten: its tests never run, and nothing else tells.
import { suite, test } from 'uvu';
import * as assert from 'uvu/assert';

const forgotten = suite('forgotten');
forgotten('never runs', () => assert.ok(false));
forgotten('never runs either', () => assert.ok(false));

test('runs', () => assert.ok(true));
test.run();
