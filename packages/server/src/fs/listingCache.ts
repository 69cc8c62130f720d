/**
 * The listing cache (mounts.md "Listing cache"): whole folders per (mount, folder), kept for the mount's
 * cache_ttl seconds (0 = never cached). Every write bumps a per-storage-config version in the database
 * (`fs_cache_versions`); an entry is served only while the version it was filled under is still current,
 * so a write through any mount over the same config, in any server process, is seen at once. A key's
 * "clear cache" bumps only its own mounts' versions (rows `mount:<id>` of the same table), never a
 * config's: it cannot empty the caches of mounts it has no access to.
 */
import type { FsItem } from '@clip/sdk';
import type { Knex } from 'knex';
import type { HotStatements } from '../db/hotStatements.ts';
import type { Actor } from '../services/actor.ts';
import type { ClearableCache } from '../services/cacheRegistry.ts';
import type { MountRecord } from '../services/mountService.ts';
import { fsAccessAt } from '../services/permissions.ts';
import { createCacheVersionStore, mountScope } from './cacheVersionStore.ts';
import { matchMount } from './resolve.ts';

/** Folders kept at most; the oldest filled goes first past it. */
const MAX_ENTRIES = 5000;
/** Items kept across all folders, so memory stays bounded whatever the folders hold. */
const MAX_TOTAL_ITEMS = 500_000;
/** A folder larger than this is never cached: it is paged straight from storage. */
export const MAX_CACHED_FOLDER_ITEMS = 20_000;

interface Entry {
  mountId: string;
  mountVersion: number;
  configId: string;
  cacheVersion: number;
  /** Virtual path of the folder (for scoped clearing). */
  path: string;
  /** null = the folder is too large to cache (remembered, so it is paged from storage directly). */
  items: FsItem[] | null;
  expiresAt: number;
}

export interface ListingCache extends ClearableCache {
  /** The mount's current version (its config's plus its own): read it BEFORE listing storage, and fill with it. */
  version(mount: MountRecord): Promise<number>;
  /** The cached folder, 'too-large' when it is known to exceed MAX_CACHED_FOLDER_ITEMS, or null on a miss. */
  get(mount: MountRecord, storagePath: string, cacheVersion: number): FsItem[] | 'too-large' | null;
  /** `items` null records that the folder is too large to cache. */
  set(
    mount: MountRecord,
    storagePath: string,
    path: string,
    cacheVersion: number,
    items: FsItem[] | null,
  ): void;
  /** After a write to storage config `configId`: every process stops serving its older listings. */
  invalidate(configId: string): Promise<void>;
  size(): number;
}

export function createListingCache(
  { knex, hot, activeMounts }: { knex: Knex; hot: HotStatements; activeMounts: () => Promise<MountRecord[]> },
  now: () => number = Date.now,
): ListingCache {
  const versions = createCacheVersionStore(knex, hot);
  const entries = new Map<string, Entry>();
  let totalItems = 0;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    totalItems -= e.items?.length ?? 0;
    entries.delete(key);
  };
  const keyOf = (mountId: string, storagePath: string) => `${mountId}\u0000${storagePath}`;

  /** The mounts a key reads and writes in: those at or below its basic path, and the one holding it. */
  async function ownMounts(actor: Actor): Promise<MountRecord[]> {
    if (actor.kind !== 'apikey' || !actor.permissions.mount) return [];
    const mounts = await activeMounts();
    const holding = matchMount(mounts, actor.basicPath)?.mount.id;
    return mounts.filter((m) => m.id === holding || fsAccessAt(actor, m.mountPath) === 'full');
  }

  /** Every row there is, and every active mount's config (one never written to has no row yet). */
  async function everyScope(): Promise<string[]> {
    const configs = (await activeMounts()).map((m) => m.storageConfigId);
    return [...new Set([...(await versions.scopes()), ...configs])];
  }

  return {
    name: 'mount-listings',

    version: (mount) => versions.ofMount(mount),

    get(mount, storagePath, cacheVersion) {
      if (mount.cacheTtl <= 0) return null;
      const key = keyOf(mount.id, storagePath);
      const e = entries.get(key);
      if (!e) return null;
      if (e.expiresAt <= now() || e.mountVersion !== mount.version || e.cacheVersion !== cacheVersion) {
        drop(key);
        return null;
      }
      return e.items ?? 'too-large';
    },

    set(mount, storagePath, path, cacheVersion, items) {
      if (mount.cacheTtl <= 0) return;
      const key = keyOf(mount.id, storagePath);
      drop(key);
      totalItems += items?.length ?? 0;
      entries.set(key, {
        mountId: mount.id,
        mountVersion: mount.version,
        configId: mount.storageConfigId,
        cacheVersion,
        path,
        items,
        expiresAt: now() + mount.cacheTtl * 1000,
      });
      while (entries.size > MAX_ENTRIES || totalItems > MAX_TOTAL_ITEMS)
        drop(entries.keys().next().value as string);
    },

    async invalidate(configId) {
      for (const [key, e] of entries) if (e.configId === configId) drop(key);
      await versions.bump(configId);
    },

    /**
     * The admin clears everything; a key the folders within its scope here, and its own mounts in every
     * process. Other processes follow through the versions.
     */
    async clear(actor: Actor) {
      let cleared = 0;
      for (const [key, e] of entries) {
        if (actor.kind !== 'admin' && fsAccessAt(actor, e.path) !== 'full') continue;
        drop(key);
        cleared++;
      }
      const scopes =
        actor.kind === 'admin' ? await everyScope() : (await ownMounts(actor)).map((m) => mountScope(m.id));
      for (const id of scopes) await versions.bump(id);
      return cleared;
    },

    size: () => entries.size,
  };
}
