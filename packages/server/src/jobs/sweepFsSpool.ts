/**
 * Removes spool files of fs uploads (`<data>/tmp/fs-upload-*`, written when a form's `path` field came
 * after its file) left behind by a process that died mid-request. Only files older than `maxAgeMs` go,
 * so uploads still spooling in this or another process sharing the data directory are untouched.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

export const FS_SPOOL_PREFIX = 'fs-upload-';

export async function sweepFsSpool(
  dataDir: string,
  maxAgeMs = 6 * 3_600_000,
  now = Date.now(),
): Promise<number> {
  const dir = join(dataDir, 'tmp');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.startsWith(FS_SPOOL_PREFIX));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = join(dir, name);
    const st = await stat(file).catch(() => null);
    if (!st || now - st.mtimeMs < maxAgeMs) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}
