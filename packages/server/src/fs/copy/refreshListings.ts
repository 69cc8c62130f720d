/** The listing-cache refresh a task runs when it ends: once per storage config its targets are on. */
import type { Actor } from '../../services/actor.ts';
import type { FsService } from '../types.ts';

/**
 * Refreshing the listings of what a task wrote is housekeeping, not an access on anyone's behalf: it
 * runs whatever became of the task's key meanwhile, so the files written before are listed.
 */
export const HOUSEKEEPING: Actor = { kind: 'admin', id: 'task-housekeeping', username: 'task-housekeeping' };

export async function refreshListings(fs: FsService, targets: Iterable<string>): Promise<void> {
  const seen = new Set<string>();
  for (const target of targets) {
    // A mount removed meanwhile has no listing left to refresh.
    const r = await fs.resolve(HOUSEKEEPING, target, 'write').catch(() => null);
    if (!r || seen.has(r.mount.storageConfigId)) continue;
    seen.add(r.mount.storageConfigId);
    await fs.afterWrite(r);
  }
}
