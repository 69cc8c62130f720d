import type { FsItem } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { filterItems, type SortSpec, sortItems } from './explorerModel.ts';
import { FolderIndex } from './folderIndex.ts';

// A small deterministic generator, so a failure can be replayed.
function random(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    // The high bits: a power-of-two LCG's low bits repeat with a short period.
    return Math.floor((s / 2 ** 32) * n);
  };
}

/** A folder as the server lists it: names in byte order, cut into pages. */
function folder(seed: number, count: number, pageSize: number): FsItem[][] {
  const pick = random(seed);
  const names = new Set<string>();
  while (names.size < count) {
    const stem = ['photo', 'Notes', 'report', 'a', 'z', 'Ä', 'b'][pick(7)];
    names.add(`${stem}${pick(300)}${['', '.txt', '.png', '-v2'][pick(4)]}`);
  }
  const items = [...names].sort().map<FsItem>((name) => {
    const isFolder = pick(6) === 0;
    return {
      name,
      path: `/m/${name}`,
      type: isFolder ? 'folder' : 'file',
      size: isFolder ? null : pick(5) * 100,
      modified: isFolder || pick(4) === 0 ? null : new Date(Date.UTC(2024, 0, 1 + pick(10))).toISOString(),
      etag: null,
      mimetype: null,
      is_mount: false,
    };
  });
  const pages: FsItem[][] = [];
  for (let i = 0; i < items.length; i += pageSize) pages.push(items.slice(i, i + pageSize));
  return pages;
}

const SORTS: SortSpec[] = [
  { key: 'name', order: 'asc' },
  { key: 'size', order: 'asc' },
  { key: 'size', order: 'desc' },
  { key: 'modified', order: 'asc' },
  { key: 'modified', order: 'desc' },
];
const names = (items: readonly FsItem[]) => items.map((i) => i.name);

test('after every page, each sort and filter gives the order sorting the whole folder gives', () => {
  for (const seed of [1, 2, 3]) {
    const pages = folder(seed, 400, 37);
    const index = new FolderIndex();
    const seen: FsItem[] = [];
    for (const page of pages) {
      index.append(page);
      seen.push(...page);
      // Each sort anew after each page (the filters narrowing one another, then not).
      for (const sort of SORTS)
        for (const filter of ['', 'p', 'PH', 'pho', '1.t', 'nothing'])
          assert.equal(
            names(index.view(sort, filter)),
            names(sortItems(filterItems(seen, filter), sort)),
            `seed ${seed}, ${seen.length} entries, ${sort.key} ${sort.order}, filter "${filter}"`,
          );
    }
    assert.is(index.size, 400);
  }
});

test('a sort kept while pages arrive takes each page as a whole sort would order it', () => {
  for (const sort of SORTS) {
    const index = new FolderIndex();
    const seen: FsItem[] = [];
    for (const page of folder(7, 300, 29)) {
      index.append(page);
      seen.push(...page);
      assert.equal(names(index.view(sort, '')), names(sortItems(seen, sort)), `${sort.key} ${sort.order}`);
    }
  }
});

test('name descending is name ascending reversed within folders and within files', () => {
  const index = new FolderIndex();
  for (const page of folder(4, 200, 50)) index.append(page);
  const asc = index.view({ key: 'name', order: 'asc' }, '');
  const desc = index.view({ key: 'name', order: 'desc' }, '');
  const folders = asc.filter((i) => i.type === 'folder');
  const files = asc.filter((i) => i.type !== 'folder');
  assert.equal(names(desc), names([...folders.reverse(), ...files.reverse()]));
});

test('an entry is found by name; a name not listed is not', () => {
  const index = new FolderIndex();
  const [first, second] = folder(5, 20, 10);
  index.append(first);
  assert.is(index.get(second[3].name), undefined);
  index.append(second);
  assert.is(index.get(second[3].name), second[3]);
});

test.run();
