/**
 * Where the page after a cursor starts in a cached folder. The place after each cursor a page hands out is
 * remembered with the folder's items array (a WeakMap, as fs/pageMemo.ts keeps its pages), so a reader
 * paging through 10,000 items finds its place at once instead of comparing names from the start
 * (~5,000 string comparisons a page; docs/performance.md). A cursor not handed out by this process
 * (another server, a folder refilled since) is found by name as before.
 */
import type { FsItem } from '@clip/sdk/contract';

/** Cursors kept per folder before they are let go (a page of 1,000 of 20,000 items needs 20). */
const MAX_REMEMBERED = 1000;

export function createCursorStarts() {
  const byFolder = new WeakMap<readonly FsItem[], Map<string, number>>();
  return {
    /** The page after item `after` starts at `start` (given with the page whose last item it is). */
    remember(all: readonly FsItem[], after: string, start: number): void {
      const starts = byFolder.get(all) ?? new Map<string, number>();
      if (starts.size >= MAX_REMEMBERED) starts.clear();
      starts.set(after, start);
      byFolder.set(all, starts);
    },
    /** The index of the first item after the one named `after` (all.length when none is). */
    startAfter(all: readonly FsItem[], after: string): number {
      const known = byFolder.get(all)?.get(after);
      if (known !== undefined && all[known - 1]?.name === after) return known;
      const at = all.findIndex((i) => i.name === after);
      const start = at >= 0 ? at + 1 : all.findIndex((i) => i.name > after);
      return start < 0 ? all.length : start;
    },
  };
}
