/**
 * Who a task runs as: its owner as the database has it now, read again before every item (ADR 0043).
 * A key deleted or expired while its task runs stops the task's remaining items; a key narrowed (its
 * flags or basic path) runs them with what it may do now, so the fs service refuses what it no longer
 * may reach. Several processes run each other's tasks, so the read goes to the database, never a cache.
 */
import type { Database } from '../db/connect.ts';
import type { Actor } from '../services/actor.ts';
import { createAdminStore } from '../services/adminStore.ts';
import { keyActor } from '../services/apiKeyService.ts';
import { createApiKeyStore, type KeyLookupRow } from '../services/apiKeyStore.ts';
import { iso } from '../services/time.ts';
import type { Clock } from './clock.ts';

/** The actor an item runs as, or why the task's owner may no longer run anything. */
export type OwnerStanding = { actor: Actor } | { refused: string };

const KEY_PREFIX = 'apikey:';

/** Where a task's owner is read as it stands now: the key store's and the admin store's own reads by id. */
export interface TaskOwners {
  key(id: string): Promise<KeyLookupRow | undefined>;
  admin(id: string): Promise<{ id: string; username: string } | undefined>;
}

export function taskOwnersIn(db: Pick<Database, 'knex' | 'hot' | 'sqliteHot'>): TaskOwners {
  const keys = createApiKeyStore(db.knex, db.hot, db.sqliteHot);
  const admins = createAdminStore(db.knex, db.hot);
  return { key: (id) => keys.current(id), admin: (id) => admins.byId(id) };
}

/** `owner` as the tasks table stores it (`creatorId`): `apikey:{id}` for a key, the admin's id otherwise. */
export function taskOwner(owners: TaskOwners, clock: Clock, owner: string): () => Promise<OwnerStanding> {
  // The key's name as last read: a key deleted meanwhile is still named in the refusal.
  let label: string | null = null;
  let refused: string | null = null;

  async function keyStanding(id: string): Promise<OwnerStanding> {
    const row = await owners.key(id);
    if (!row) return { refused: `${label ?? `API key ${id}`} was deleted` };
    label = `API key "${row.name}"`;
    if (row.expires_at !== null && Number(row.expires_at) <= clock.now())
      return { refused: `${label} expired at ${iso(row.expires_at)}` };
    return { actor: keyActor(row) };
  }

  // An administrator is never narrowed: read once per run, for its existence and name.
  let admin: Promise<OwnerStanding> | null = null;
  async function adminStanding(id: string): Promise<OwnerStanding> {
    const row = await owners.admin(id);
    if (!row) return { refused: `the administrator account ${id} no longer exists` };
    return { actor: { kind: 'admin', id: row.id, username: row.username } };
  }

  return async () => {
    // Once refused, the rest of this run is refused without a read: a retry reads again.
    if (refused) return { refused };
    if (!owner.startsWith(KEY_PREFIX)) {
      // A failed read (the database out of reach) is not kept: the next item reads again.
      admin ??= adminStanding(owner).catch((err) => {
        admin = null;
        throw err;
      });
      return admin;
    }
    const standing = await keyStanding(owner.slice(KEY_PREFIX.length));
    if ('refused' in standing) refused = standing.refused;
    return standing;
  };
}

/** How an item refused for its key reads: the key named, then what the fs service said. */
export function ownerLabel(actor: Actor): string | null {
  return actor.kind === 'apikey' ? `API key "${actor.name}"` : null;
}
