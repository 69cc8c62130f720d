/**
 * Locks taken through WebDAV hold for every interface: before the file-system service changes a path it
 * asks this guard, which refuses (423 LOCKED) unless each lock on what changes has its token among those
 * the caller submitted. The API submits none, so a locked resource cannot be written through `/api`
 * until its holder unlocks it or the lock times out (at most an hour).
 */
import { locked } from '../http/appError.ts';
import type { DavLock, LockStore } from './lockStore.ts';

export interface LockedChange {
  /** Resources written in place (a file's bytes, a new member's own path). */
  paths?: string[];
  /** Resources that go away or move with everything below them (remove, rename source, replaced target). */
  trees?: string[];
  /** Collections whose membership changes: a Depth 0 lock on one protects its list of members. */
  parents?: string[];
}

export type LockGuard = (change: LockedChange) => Promise<void>;

function describe(lock: DavLock): string {
  const until = new Date(lock.expiresAt).toISOString();
  return `"${lock.path}" is locked (WebDAV ${lock.scope} lock, until ${until}); the lock's holder must unlock it first`;
}

/** A guard that lets through the locks whose tokens are in `tokens`. */
export function createLockGuard(locks: LockStore, tokens: ReadonlySet<string>): LockGuard {
  return async (change) => {
    const needed: DavLock[] = [];
    for (const p of change.paths ?? []) needed.push(...(await locks.covering(p)));
    for (const p of change.trees ?? []) needed.push(...(await locks.covering(p)), ...(await locks.below(p)));
    for (const p of change.parents ?? []) needed.push(...(await locks.covering(p)));
    const missing = needed.filter((l) => !tokens.has(l.token));
    // Shared locks: holding any one of the shared locks on a resource is enough.
    const blocking = missing.find(
      (l) =>
        l.scope === 'exclusive' ||
        !needed.some((o) => o.scope === 'shared' && o.path === l.path && tokens.has(o.token)),
    );
    if (blocking) throw locked(describe(blocking));
  };
}
