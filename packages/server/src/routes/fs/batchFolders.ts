/**
 * The sub-folders a batch upload makes for its relative names (`photos/2024/a.jpg`), and their removal
 * when no file of the batch landed in them: a file that fails (too large, refused) leaves no empty
 * folder behind that it alone made. Each sub-folder is looked at once, before the batch's first write
 * into it, so "made by this batch" is known; at the end, one the batch made and no landed file needs is
 * removed if it is still empty (someone else may have written into it meanwhile: then it stays).
 */

import { joinVirtual } from '../../fs/paths.ts';
import type { FsService } from '../../fs/types.ts';
import type { Actor } from '../../services/actor.ts';

export interface BatchFolders {
  /** Resolves once every sub-folder of `name` (relative to the batch's folder) was looked at. */
  before(name: string): Promise<unknown>;
  /** Removes the empty sub-folders the batch made for `failed` names that no `landed` name needs. */
  tidy(failed: string[], landed: string[]): Promise<void>;
}

/** `a/b/c.txt` -> `a`, `a/b`. */
const subFolders = (name: string) => {
  const parts = name.split('/').slice(0, -1);
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
};

export function batchFolders(fs: FsService, actor: Actor, folder: () => string): BatchFolders {
  /** Relative sub-folder -> whether it did not exist before the batch wrote into it. */
  const made = new Map<string, Promise<boolean>>();
  return {
    before(name) {
      return Promise.all(
        subFolders(name).map((sub) => {
          let known = made.get(sub);
          if (!known) {
            known = fs.stat(actor, joinVirtual(folder(), sub)).then(
              (item) => item === null,
              () => false,
            );
            made.set(sub, known);
          }
          return known;
        }),
      );
    },
    async tidy(failed, landed) {
      const needed = new Set(landed.flatMap(subFolders));
      const candidates = new Set(failed.flatMap(subFolders).filter((sub) => !needed.has(sub)));
      // Deepest first, so a parent is empty once its made children are gone.
      const ordered = [...candidates].sort((a, b) => b.split('/').length - a.split('/').length);
      for (const sub of ordered) {
        if (!(await made.get(sub))) continue;
        const path = joinVirtual(folder(), sub);
        try {
          const page = await fs.list(actor, path, { limit: 1, refresh: true });
          if (page.items.length === 0) await fs.remove(actor, path);
        } catch {
          // Gone already, or not ours to remove: the upload's answer stands either way.
        }
      }
    },
  };
}
