/**
 * What a path share's ZIP holds: the folder walked as the share's owner, depth first, names in code-point
 * order at every level (a stable order, whatever the storage lists first), folders as their own entries
 * (so empty ones survive), all under one folder named as the shared one, so unpacking never spills
 * files into the current directory. The walk adds up the sizes first: a folder over the admin's `max_zip_size` is
 * refused with 413 before a byte is sent.
 */

import { baseNameOf } from '../../fs/paths.ts';
import type { FsService } from '../../fs/types.ts';
import { tooLarge } from '../../http/appError.ts';
import type { Actor } from '../../services/actor.ts';
import type { ZipEntry } from '../../serving/sendZip.ts';

/** A ZIP's central directory lists every entry: past this many the walk stops instead of growing. */
export const ZIP_MAX_ENTRIES = 200_000;

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export async function planFolderZip(
  fs: FsService,
  owner: Actor,
  folder: string,
  maxBytes: number,
): Promise<{ entries: ZipEntry[]; bytes: number }> {
  const entries: ZipEntry[] = [];
  let bytes = 0;
  const tooBig = () =>
    tooLarge(
      `this folder holds more than the server's ZIP limit of ${Math.floor(maxBytes / 1024 / 1024)} MiB: download its files one by one`,
    );
  async function walk(dir: string, prefix: string): Promise<void> {
    const { items } = await fs.listAll(owner, dir);
    for (const item of [...items].sort(byName)) {
      if (entries.length >= ZIP_MAX_ENTRIES)
        throw tooLarge(
          `this folder holds more than ${ZIP_MAX_ENTRIES} files and folders: too many for one ZIP`,
        );
      const modified = item.modified ? new Date(item.modified) : null;
      if (item.type === 'folder') {
        entries.push({ name: `${prefix}${item.name}/`, modified });
        await walk(item.path, `${prefix}${item.name}/`);
        continue;
      }
      const size = item.size ?? 0;
      bytes += size;
      if (bytes > maxBytes) throw tooBig();
      const path = item.path;
      entries.push({
        name: `${prefix}${item.name}`,
        modified,
        file: { size, open: async () => (await fs.read(owner, path)).stream },
      });
    }
  }
  const root = `${baseNameOf(folder) || 'share'}/`;
  entries.push({ name: root, modified: null });
  await walk(folder, root);
  return { entries, bytes };
}
