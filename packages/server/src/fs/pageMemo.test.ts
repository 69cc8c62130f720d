import type { FsItem, FsListResult } from '@clip/sdk/contract';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createPageMemo } from './pageMemo.ts';

const item = (name: string) => ({ name }) as FsItem;
const folder = (n: number) => Array.from({ length: n }, (_, i) => item(`f${String(i).padStart(3, '0')}`));
const builder = (all: FsItem[], start: number, limit: number) => {
  let built = 0;
  const build = (): FsListResult => {
    built++;
    return { path: '/m', is_virtual: false, items: all.slice(start, start + limit), next_cursor: null };
  };
  return { build, built: () => built };
};

test('the same page of the same cached folder is one frozen object; another folder array gets its own', () => {
  const pageOf = createPageMemo();
  const all = folder(10);
  const b = builder(all, 0, 4);
  const first = pageOf(all, 0, 4, b.build);
  assert.is(pageOf(all, 0, 4, b.build), first);
  assert.is(b.built(), 1);
  assert.ok(Object.isFrozen(first) && Object.isFrozen(first.items));
  assert.equal(
    first.items.map((i) => i.name),
    ['f000', 'f001', 'f002', 'f003'],
  );
  assert.is.not(pageOf(all, 4, 4, builder(all, 4, 4).build), first);
  // The listing cache refilled the folder (a write, a refresh): a new array, so a new page.
  const refilled = folder(10);
  assert.is.not(pageOf(refilled, 0, 4, builder(refilled, 0, 4).build), first);
});

test('pages kept for a folder never hold much more than the folder, whatever limits and cursors ask', () => {
  const pageOf = createPageMemo();
  const all = folder(100);
  const first = pageOf(all, 0, 50, builder(all, 0, 50).build);
  for (let start = 1; start < 100; start++) pageOf(all, start, 50, builder(all, start, 50).build);
  const b = builder(all, 0, 50);
  assert.is.not(pageOf(all, 0, 50, b.build), first, 'the early pages were let go');
  assert.is(b.built(), 1);
});

test.run();
