import type { FsItem } from '@clip/sdk/contract';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createCursorStarts } from './cursorStarts.ts';

const folder = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `f${String(i).padStart(3, '0')}` }) as FsItem);

test('a cursor never handed out is found by name: after its item, or after where it would be', () => {
  const starts = createCursorStarts();
  const all = folder(10);
  assert.is(starts.startAfter(all, 'f003'), 4);
  assert.is(starts.startAfter(all, 'f0035'), 4, 'the item was removed: the next name after it');
  assert.is(starts.startAfter(all, 'f009'), 10);
  assert.is(starts.startAfter(all, 'g'), 10);
});

test('a remembered cursor answers its start for that folder array only, and only while it names it', () => {
  const starts = createCursorStarts();
  const all = folder(100);
  // A start that is not where the name is: proves the remembered value is what answers.
  starts.remember(all, 'f049', 50);
  assert.is(starts.startAfter(all, 'f049'), 50);
  starts.remember(all, 'f010', 60);
  assert.is(starts.startAfter(all, 'f010'), 11, 'all[59] is not f010: found by name');
  const refilled = folder(100).slice(1);
  assert.is(starts.startAfter(refilled, 'f049'), 49, 'another array: found by name');
});

test('remembered cursors stay bounded: the oldest go once a folder has handed out many', () => {
  const starts = createCursorStarts();
  const all = folder(1500);
  for (let i = 0; i < 1001; i++) starts.remember(all, all[i].name, i + 1);
  assert.is(starts.startAfter(all, all[1000].name), 1001);
  assert.is(starts.startAfter(all, all[10].name), 11);
});

test.run();
