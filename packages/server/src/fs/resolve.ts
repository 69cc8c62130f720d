/**
 * Longest-prefix resolution of a virtual path to a mount, and the virtual folders above mounts
 * (mounts.md "Paths and permission"). Pure: takes the active mounts, knows nothing of storage or HTTP.
 */
import type { MountRecord } from '../services/mountService.ts';
import { childPath } from '../storage/paths.ts';
import { isAtOrBelow, joinVirtual, segmentsOf } from './paths.ts';

export interface MountMatch {
  mount: MountRecord;
  /** Path inside the mount, driver style: '' = the mount's root, no leading slash. */
  subPath: string;
  /** The driver path: the mount's root_prefix joined with subPath. */
  storagePath: string;
}

/** The active mount whose path equals `path` or is its prefix at a segment boundary; longest wins. */
export function matchMount(mounts: MountRecord[], path: string): MountMatch | null {
  let best: MountRecord | null = null;
  for (const m of mounts) {
    if (!isAtOrBelow(m.mountPath, path)) continue;
    if (!best || m.mountPath.length > best.mountPath.length) best = m;
  }
  if (!best) return null;
  const subPath = path === best.mountPath ? '' : path.slice(best.mountPath.length + 1);
  return { mount: best, subPath, storagePath: storagePathOf(best, subPath) };
}

export function storagePathOf(mount: MountRecord, subPath: string): string {
  if (mount.rootPrefix === '') return subPath;
  return subPath === '' ? mount.rootPrefix : childPath(mount.rootPrefix, subPath);
}

export interface VirtualChild {
  name: string;
  path: string;
  /** The mount at exactly this path, if any (else the child only leads to deeper mounts). */
  mount: MountRecord | null;
  sortOrder: number;
}

/**
 * The children of `path` that exist only because mounts lie below it: the mounts one level down and the
 * next segment of deeper ones, sorted by (sort_order, name).
 */
export function virtualChildren(mounts: MountRecord[], path: string): VirtualChild[] {
  const depth = segmentsOf(path).length;
  const byName = new Map<string, VirtualChild>();
  for (const m of mounts) {
    if (m.mountPath === path || !isAtOrBelow(path, m.mountPath)) continue;
    const name = segmentsOf(m.mountPath)[depth];
    const childPathV = joinVirtual(path, name);
    const exact = m.mountPath === childPathV;
    const seen = byName.get(name);
    if (!seen) byName.set(name, { name, path: childPathV, mount: exact ? m : null, sortOrder: m.sortOrder });
    else {
      if (exact) seen.mount = m;
      seen.sortOrder = exact ? m.sortOrder : Math.min(seen.sortOrder, m.sortOrder);
    }
  }
  return [...byName.values()].sort(
    (a, b) => a.sortOrder - b.sortOrder || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}

/**
 * When what `path` shows because of mounts last changed: the newest change of a mount at or below it
 * (null when none). A mount's folder, or a virtual one, has no date of its own in the storage; this is
 * its date (WebDAV clients show 1970 for a folder without one).
 */
export function mountsChangedAt(mounts: MountRecord[], path: string): number | null {
  let newest: number | null = null;
  for (const m of mounts)
    if (isAtOrBelow(path, m.mountPath) && (newest === null || m.version > newest)) newest = m.version;
  return newest;
}
