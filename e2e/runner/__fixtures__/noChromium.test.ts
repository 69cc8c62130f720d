// A browser suite where Chromium is missing (the runner test sets CLIP_CHROMIUM_PATH to nothing).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { chromiumAvailable } from '../../browser/harness.ts';

const test = suite('browser');
test('would open a page', () => assert.ok(true));
test('would open another', () => assert.ok(true));
if (chromiumAvailable()) test.run();
