/**
 * The sorted names of the last large folder the local driver listed, kept while the folder is
 * unchanged, so paging through a folder of 100,000 files reads and sorts it once instead of once per
 * page (~90 ms of CPU and a 100,000-string array of garbage each: a WebDAV listing of it grew the
 * server's RSS by ~45 MiB). Unchanged means the folder's inode, mtime and ctime (nanoseconds) are as
 * they were, which any entry added, removed or renamed in it changes, in this process or any other.
 * A file system stamps times from a coarse clock (a few ms), so two changes close together could leave
 * one stamp: names are kept only when the folder had been quiet for a while before they were read.
 */
import { stat } from 'node:fs/promises';

/** Smaller folders are cheap to read again. */
const MIN_KEPT = 2000;
/** How long a folder must have been unchanged for its names to be kept. */
const QUIET_NS = 2_000_000_000n;

interface Kept {
  dir: string;
  ino: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
  names: readonly string[];
}

export class SortedNames {
  #kept: Kept | null = null;

  /** `read()` answers the folder's names sorted; its answer is reused while the folder is unchanged. */
  async of(
    dir: string,
    read: () => Promise<string[]>,
    now: () => number = Date.now,
  ): Promise<readonly string[]> {
    const before = await stat(dir, { bigint: true });
    const kept = this.#kept;
    if (
      kept?.dir === dir &&
      kept.ino === before.ino &&
      kept.mtimeNs === before.mtimeNs &&
      kept.ctimeNs === before.ctimeNs
    )
      return kept.names;
    const names = await read();
    const nowNs = BigInt(now()) * 1_000_000n;
    const quiet = nowNs - before.mtimeNs > QUIET_NS && nowNs - before.ctimeNs > QUIET_NS;
    if (names.length >= MIN_KEPT && quiet)
      this.#kept = { dir, ino: before.ino, mtimeNs: before.mtimeNs, ctimeNs: before.ctimeNs, names };
    return names;
  }
}
