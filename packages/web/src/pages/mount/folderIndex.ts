/**
 * A folder's entries as its pages arrive, kept ready to filter and sort without a long task at
 * 100,000 entries (issue 34, item 3; ADR 0079). The one costly comparison, names by the collator, is
 * paid once per entry: each page is sorted by name and merged into the folder's name order, and every
 * entry's place in that order (its rank) is what any sort compares when names decide. A sort once made
 * takes each new page by a merge (an append when the page sorts after it, the usual case), not a
 * re-sort; a new size or date sort is a stable numeric sort of the name order. A filter that extends
 * the last one filters the last result.
 * The result is the order `sortItems(filterItems(items, filter), sort)` gives (folderIndex.test.ts),
 * except among names the collator holds equal (`a.txt`, `A.txt`), which name descending reverses too.
 */
import type { FsItem } from '@clip/sdk';
import { dateValue, type SortSpec } from './explorerModel.ts';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

type Compare = (a: number, b: number) => number;

/** `fresh` (sorted) merged into `old` (sorted); an equal pair keeps the old entry first. */
function merge(old: number[], fresh: readonly number[], compare: Compare): number[] {
  if (old.length === 0 || compare(old[old.length - 1], fresh[0]) <= 0) {
    for (const id of fresh) old.push(id);
    return old;
  }
  const out = new Array<number>(old.length + fresh.length);
  let i = 0;
  let o = 0;
  for (const id of fresh) {
    // After every old entry not greater than `id`: a binary search from where the last one went.
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
  /** Per id: 0 for a folder, 1 otherwise; the size (-1 when unknown); the date (-Infinity when unknown). */
  readonly #kinds: number[] = [];
  readonly #sizes: number[] = [];
  readonly #dates: number[] = [];
  /** Ids in name order (folders mixed in); `#rank[id]` is the id's place in it. */
  #byName: number[] = [];
  readonly #rank: number[] = [];
  /** The last sort made, kept to take the next pages; the last filter of it, to narrow. */
  #sorted: { key: string; ids: number[]; count: number } | null = null;
  #filtered: { key: string; count: number; needle: string; ids: number[] } | null = null;

  get size(): number {
    return this.items.length;
  }

  get(name: string): FsItem | undefined {
    const id = this.#byId.get(name);
    return id === undefined ? undefined : this.items[id];
  }

  append(page: readonly FsItem[]): void {
    if (page.length === 0) return;
    const fresh: number[] = [];
    for (const item of page) {
      const id = this.items.push(item) - 1;
      this.#lowerNames.push(item.name.toLowerCase());
      this.#byId.set(item.name, id);
      this.#kinds.push(item.type === 'folder' ? 0 : 1);
      this.#sizes.push(item.size ?? -1);
      this.#dates.push(dateValue(item.modified));
      fresh.push(id);
    }
    const byCollator: Compare = (a, b) => collator.compare(this.items[a].name, this.items[b].name);
    const before = this.#byName.length;
    this.#byName = merge(this.#byName, fresh.sort(byCollator), byCollator);
    // Appended at the end, only the new entries have places to note; merged in, every one moved.
    const names = this.#byName;
    const moved = names[before] === fresh[0] ? before : 0;
    for (let place = moved; place < names.length; place++) this.#rank[names[place]] = place;
  }

  /** The entries `filter` keeps, folders first, in `sort`'s order. */
  view(sort: SortSpec, filter: string): FsItem[] {
    const key = `${sort.key} ${sort.order}`;
    const ids = this.#order(sort, key);
    const needle = filter.trim().toLowerCase();
    let kept: number[] = ids;
    if (needle) {
      const last = this.#filtered;
      const from =
        last && last.key === key && last.count === this.size && needle.startsWith(last.needle)
          ? last.ids
          : ids;
      kept = from.filter((id) => this.#lowerNames[id].includes(needle));
      this.#filtered = { key, count: this.size, needle, ids: kept };
    }
    const out = new Array<FsItem>(kept.length);
    for (let i = 0; i < kept.length; i++) out[i] = this.items[kept[i]];
    return out;
  }

  #order(sort: SortSpec, key: string): number[] {
    const count = this.size;
    const kept = this.#sorted?.key === key ? this.#sorted : null;
    if (kept?.count === count) return kept.ids;
    const compare = this.#compare(sort);
    let ids: number[];
    if (kept) {
      const fresh = Array.from({ length: count - kept.count }, (_, i) => kept.count + i);
      ids = merge(kept.ids, fresh.sort(compare), compare);
    } else ids = sort.key === 'name' ? this.#nameOrder(sort.order) : this.#valueOrder(sort);
    this.#sorted = { key, ids, count };
    return ids;
  }

  /** Folders first, then the value (by the sort's direction), then the name ascending. */
  #compare(sort: SortSpec): Compare {
    const dir = sort.order === 'asc' ? 1 : -1;
    const kinds = this.#kinds;
    const rank = this.#rank;
    if (sort.key === 'name') return (a, b) => kinds[a] - kinds[b] || (rank[a] - rank[b]) * dir;
    const values = sort.key === 'size' ? this.#sizes : this.#dates;
    return (a, b) => {
      if (kinds[a] !== kinds[b]) return kinds[a] - kinds[b];
      // Two unknown dates differ by NaN, which (like 0) leaves the order to the names.
      const diff = values[a] - values[b];
      return diff ? diff * dir : rank[a] - rank[b];
    };
  }

  #nameOrder(order: SortSpec['order']): number[] {
    const names = order === 'asc' ? this.#byName : [...this.#byName].reverse();
    const folders: number[] = [];
    const files: number[] = [];
    for (const id of names) (this.#kinds[id] === 0 ? folders : files).push(id);
    for (const id of files) folders.push(id);
    return folders;
  }

  /**
   * A new size or date order: the name order (folders first) sorted by the value alone, numbers only.
   * The sort is stable, so entries of equal value keep the name order.
   */
  #valueOrder(sort: SortSpec): number[] {
    const dir = sort.order === 'asc' ? 1 : -1;
    const values = sort.key === 'size' ? this.#sizes : this.#dates;
    const kinds = this.#kinds;
    // Two unknown dates differ by NaN, which counts as equal.
    return this.#nameOrder('asc').sort((a, b) => kinds[a] - kinds[b] || (values[a] - values[b]) * dir || 0);
  }
}
