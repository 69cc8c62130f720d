import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pathSummary } from './pathSummary.ts';

test('one path is itself; several name the deepest folder holding them all', () => {
  assert.is(pathSummary([]), null);
  assert.is(pathSummary(['/disk/a.txt']), '/disk/a.txt');
  assert.is(pathSummary(['/disk/a.txt', '/disk/a.txt']), '/disk/a.txt');
  assert.is(pathSummary(['/disk/docs/a.txt', '/disk/docs/b/c.txt']), '/disk/docs');
  // A folder and a path inside it: the folder's parent holds both.
  assert.is(pathSummary(['/disk/docs', '/disk/docs/a.txt']), '/disk');
  assert.is(pathSummary(['/disk/ab', '/disk/abc']), '/disk');
  assert.is(pathSummary(['/left/a', '/right/b']), '/');
  assert.is(pathSummary(['/disk/a/b.txt/', '/disk/a/c.txt']), '/disk/a');
});

test.run();
