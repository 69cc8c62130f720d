/**
 * The server-side caches, in one registry: code that keeps a cache (mount listings, file-system
 * metadata) registers it here at composition time, and "clear cache" clears whatever is registered.
 * Caches are process-local by nature, so clearing answers for this process only.
 */
import type { Actor } from './actor.ts';

export interface ClearableCache {
  /** A short name for logs, e.g. 'mount-listings'. */
  name: string;
  /**
   * Drops entries and answers how many went. The admin clears everything; an API key clears only
   * what lies within its own scope (its basic path), which each cache decides for itself.
   */
  clear(actor: Actor): Promise<number> | number;
}

export interface CacheRegistry {
  /** Adds a cache; answers a function that removes it again. */
  register(cache: ClearableCache): () => void;
  /** Clears every registered cache for the actor and answers the number of entries dropped. */
  clear(actor: Actor): Promise<number>;
  names(): string[];
}

export function createCacheRegistry(): CacheRegistry {
  const caches = new Set<ClearableCache>();
  return {
    register(cache) {
      caches.add(cache);
      return () => caches.delete(cache);
    },
    async clear(actor) {
      let cleared = 0;
      for (const cache of caches) cleared += await cache.clear(actor);
      return cleared;
    },
    names: () => [...caches].map((c) => c.name),
  };
}
