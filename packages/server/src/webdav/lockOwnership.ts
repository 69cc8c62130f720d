/**
 * Whose a WebDAV lock is (RFC 4918 6.4): the actor that took it (an admin account or an API key, stored
 * as the lock's principal). Only its creator writes through it or refreshes it; the admin may also break
 * it (UNLOCK), say for a client that went away. Its token is shown only to those who may remove it.
 */
import type { DavLock } from '../fs/lockStore.ts';
import { type Actor, creatorId } from '../services/actor.ts';

export function ownsLock(actor: Actor, lock: DavLock): boolean {
  return lock.principal === creatorId(actor);
}

export function mayRemoveLock(actor: Actor, lock: DavLock): boolean {
  return actor.kind === 'admin' || ownsLock(actor, lock);
}

/** The admin sees every token: breaking a lock with UNLOCK needs it. */
export const seesLockToken = mayRemoveLock;
