/**
 * The temp files of a local storage's writes: each write goes to `.clip-tmp-<uuid>` beside its target and
 * is renamed into place, so a process killed mid-write leaves one behind; the sweep removes those.
 */
import type { Dirent } from 'node:fs';
import { lstat, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/** Temp files of writes in progress; never listed. */
export const TEMP_PREFIX = '.clip-tmp-';

const isMissing = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/**
 * Removes the temp files in the directory `dir` and below last modified before `before` (epoch ms): a
 * live write keeps its temp file's mtime moving, so a recent one is left alone. Symlinked folders are
 * not followed. Answers how many went.
 */
export async function sweepTempFilesBelow(dir: string, before: number): Promise<number> {
  let removed = 0;
  const walk = async (at: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(at, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const e of entries) {
      const full = join(at, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile() && e.name.startsWith(TEMP_PREFIX)) {
        const st = await lstat(full).catch(() => null);
        const gone =
          st &&
          st.mtimeMs < before &&
          (await unlink(full).then(
            () => true,
            () => false,
          ));
        if (gone) removed++;
      }
    }
  };
  await walk(dir);
  return removed;
}
