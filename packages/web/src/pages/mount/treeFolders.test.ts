import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mergeFolders, type TreeFolder } from './treeFolders.ts';

const folders = (...names: string[]): TreeFolder[] => names.map((name) => ({ name, path: `/m/${name}` }));
const names = (list: TreeFolder[]) => list.map((f) => f.name);
/** The order the tree gave when it sorted a whole folder at once. */
const wholeSort = (list: TreeFolder[]) => names([...list].sort((a, b) => a.name.localeCompare(b.name)));

test('pages merged one by one give the order of the whole folder sorted at once', () => {
  const pages = [
    folders('b', 'Zeta', 'a'),
    folders(),
    folders('ä', 'B', 'c10', 'c9'),
    folders('0', 'zz', 'Alpha'),
  ];
  let shown: TreeFolder[] = [];
  for (const page of pages) shown = mergeFolders(shown, page);
  assert.equal(names(shown), wholeSort(pages.flat()));
});

test('a page after everything shown is appended; one before is put in front', () => {
  const shown = mergeFolders([], folders('m', 'n'));
  assert.equal(names(mergeFolders(shown, folders('z', 'x'))), ['m', 'n', 'x', 'z']);
  assert.equal(names(mergeFolders(shown, folders('b', 'a'))), ['a', 'b', 'm', 'n']);
});

test('a page of no folders answers the shown list itself (nothing to redraw)', () => {
  const shown = folders('a', 'b');
  assert.is(mergeFolders(shown, []), shown);
});

test('names the collator holds equal keep the folder shown first before the new one', () => {
  const shown = folders('a');
  const fresh = [{ name: 'a', path: '/other/a' }];
  assert.equal(
    mergeFolders(shown, fresh).map((f) => f.path),
    ['/m/a', '/other/a'],
  );
});

test.run();
