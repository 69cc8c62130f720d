/**
 * A folder's entries as its pages arrive, kept ready to filter and sort without a long task at
 * 100,000 entries (issue 34, item 3; ADR 0079). The one costly comparison, names by the collator, is
 * paid once per entry: each page is sorted by name and merged into the folder's name order, and every
 * entry's place in that order (its rank) is what any sort compares when names decide. A size or date
 * sort then compares numbers only, and a sort already made takes a new page by a merge, not a re-sort.
 * The result is the same order `sortItems(filterItems(items, filter), sort)` gives (folderIndex.test.ts).
 */
import type { FsItem } from '@clip/sdk';
import type { SortSpec } from './explorerModel.ts';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

type Compare = (a: number, b: number) => number;

/** `fresh` (sorted) merged into `old` (sorted); an equal pair keeps the old entry first. */
function merge(old: readonly number[], fresh: readonly number[], compare: Compare): number[] {
  const out = new Array<number>(old.length + fresh.length);
  let i = 0;
  let o = 0;
  for (const id of fresh) {
    // Where `id` goes: after every old entry not greater than it (a binary search, since pages of a
    // folder listed in byte order mostly land at the end).
    let lo = i;
    let hi = old.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(old[mid], id) <= 0) lo = mid + 1;
      else hi = mid;
    }
    while (i < lo) out[o++] = old[i++];
    out[o++] = id;
  }
  while (i < old.length) out[o++] = old[i++];
  return out;
}

export class FolderIndex {
  /** The entries in the order they arrived (an entry's id is its place here). */
  readonly items: FsItem[] = [];
  readonly #lowerNames: string[] = [];
  readonly #byId = new Map<string, number>();
  /** Each entry's size (-1 when unknown) and date (ms, NaN when unknown), read once. */
  readonly #sizes: number[] = [];
  readonly #dates: number[] = [];
  /** Ids in name order (folders mixed in); `#rank[id]` is the id's place in it. */
  #byName: number[] = [];
  #rank: number[] = [];
  /** The last size or date sort made, kept to merge the next pages into. */
  #sorted: { key: string; ids: number[]; count: number } | null = null;

  get size(): number {
    return this.items.length;
  }

  get(name: string): FsItem | undefined {
    const id = this.#byId.get(name);
    return id === undefined ? undefined : this.items[id];
  }

  append(page: readonly FsItem[]): void {
    const first = this.items.length;
    const fresh: number[] = [];
    for (const item of page) {
      const id = this.items.push(item) - 1;
      this.#lowerNames.push(item.name.toLowerCase());
      this.#byId.set(item.name, id);
      this.#sizes.push(item.size ?? -1);
      this.#dates.push(Date.parse(item.modified ?? ''));
      fresh.push(id);
    }
    const byCollator: Compare = (a, b) => collator.compare(this.items[a].name, this.items[b].name);
    this.#byName = merge(this.#byName, fresh.sort(byCollator), byCollator);
    const rank = this.#rank;
    this.#byName.forEach((id, place) => {
      rank[id] = place;
    });
    if (first === 0) this.#sorted = null;
  }

  /** The entries `filter` keeps, folders first, in `sort`'s order. */
  view(sort: SortSpec, filter: string): FsItem[] {
    const order = sort.key === 'name' ? this.#nameOrder(sort.order) : this.#valueOrder(sort);
    const needle = filter.trim().toLowerCase();
    const out: FsItem[] = [];
    for (const id of order) if (!needle || this.#lowerNames[id].includes(needle)) out.push(this.items[id]);
    return out;
  }

  #isFolder(id: number): boolean {
    return this.items[id].type === 'folder';
  }

  #nameOrder(order: SortSpec['order']): number[] {
    const names = order === 'asc' ? this.#byName : [...this.#byName].reverse();
    const folders: number[] = [];
    const files: number[] = [];
    for (const id of names) (this.#isFolder(id) ? folders : files).push(id);
    for (const id of files) folders.push(id);
    return folders;
  }

  /** Size or date order: folders first, then the value (unknown sizes as -1), then name ascending. */
  #valueOrder(sort: SortSpec): number[] {
    const dir = sort.order === 'asc' ? 1 : -1;
    const values = sort.key === 'size' ? this.#sizes : this.#dates;
    const rank = this.#rank;
    const compare: Compare = (a, b) => {
      const folders = (this.#isFolder(a) ? 0 : 1) - (this.#isFolder(b) ? 0 : 1);
      if (folders) return folders;
      // An unknown date makes the difference NaN, which (like 0) leaves the order to the names.
      const diff = values[a] - values[b];
      return diff ? diff * dir : rank[a] - rank[b];
    };
    const key = `${sort.key} ${sort.order}`;
    const kept = this.#sorted?.key === key ? this.#sorted : null;
    const count = this.items.length;
    let ids: number[];
    if (kept && kept.count === count) ids = kept.ids;
    else if (kept) {
      const fresh = Array.from({ length: count - kept.count }, (_, i) => kept.count + i);
      ids = merge(kept.ids, fresh.sort(compare), compare);
    } else ids = Array.from({ length: count }, (_, i) => i).sort(compare);
    this.#sorted = { key, ids, count };
    return ids;
  }
}
