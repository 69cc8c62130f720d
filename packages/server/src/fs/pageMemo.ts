/**
 * Pages of cached folders as frozen answers, kept with the folder's cached items array (a WeakMap: they go
 * when the listing cache drops the folder). Answering the same frozen page again lets the list route send
 * the bytes it encoded before (http/encodedAnswers.ts) instead of ~200 kB of JSON per page of 1,000.
 * Whether the folder is current is the listing cache's decision; a page is only ever built from it.
 */
import type { FsItem, FsListResult } from '@clip/sdk/contract';

interface FolderPages {
  pages: Map<string, FsListResult>;
  /** Items held by the pages, so paging with odd limits or cursors cannot hold more than twice the folder. */
  items: number;
}

export function createPageMemo() {
  const byFolder = new WeakMap<readonly FsItem[], FolderPages>();

  /** The page of `all` at [start, start + limit): the same frozen object each time it is asked for. */
  return function pageOf(
    all: readonly FsItem[],
    start: number,
    limit: number,
    build: () => FsListResult,
  ): FsListResult {
    let folder = byFolder.get(all);
    if (!folder) {
      folder = { pages: new Map(), items: 0 };
      byFolder.set(all, folder);
    }
    const key = `${start}:${limit}`;
    const known = folder.pages.get(key);
    if (known) return known;
    const page = build();
    Object.freeze(page.items);
    Object.freeze(page);
    if (folder.items + page.items.length > 2 * all.length + limit) {
      folder.pages.clear();
      folder.items = 0;
    }
    folder.pages.set(key, page);
    folder.items += page.items.length;
    return page;
  };
}
