/**
 * The offline response cache (spec section 7) as a fetch wrapper: successful GET answers are kept;
 * a GET that fails to reach the server is answered from the cache with status 200 and headers
 * naming the offline source and the cache time. Failures of the cache itself are ignored.
 */
import { OFFLINE_CACHE_EXPIRY_MS } from '../constants.ts';
import { cacheSlotFor, isBinaryContentType, SETTINGS_CACHE_PREFIX } from './rules.ts';
import type { CachedResponse, OfflineStore } from './store.ts';

export const OFFLINE_SOURCE_HEADER = 'x-clip-offline-source';
export const OFFLINE_CACHED_AT_HEADER = 'x-clip-cached-at';

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface OfflineCacheOptions {
  now?: () => number;
  maxAgeMs?: number;
}

export interface OfflineApiCache {
  /** The cache-aware fetch. */
  fetch: Fetch;
  /**
   * Removes every cached API answer (on logout), and makes sure no request that was already under
   * way when it was called writes its answer afterwards. The Markdown draft and preferences stay.
   */
  clear(): Promise<void>;
}

/** Removes every cached API answer from the store: the share, file and directory stores, and the `api_cache_` settings. */
export async function clearCachedApiAnswers(store: OfflineStore): Promise<void> {
  for (const name of ['pastes', 'files', 'directories'] as const)
    for (const key of await store.keys(name)) await store.del(name, key);
  for (const key of await store.keys('settings'))
    if (key.startsWith(SETTINGS_CACHE_PREFIX)) await store.del('settings', key);
}

export function withOfflineCache(
  fetch: Fetch,
  store: OfflineStore,
  options: OfflineCacheOptions = {},
): Fetch {
  return createOfflineApiCache(fetch, store, options).fetch;
}

export function createOfflineApiCache(
  fetch: Fetch,
  store: OfflineStore,
  options: OfflineCacheOptions = {},
): OfflineApiCache {
  const now = options.now ?? Date.now;
  const maxAge = options.maxAgeMs ?? OFFLINE_CACHE_EXPIRY_MS;
  // Bumped by clear(): an answer to a request started before it is not written.
  let generation = 0;

  async function remember(url: string, res: Response, startedIn: number): Promise<void> {
    const slot = cacheSlotFor(url);
    const contentType = res.headers.get('content-type') ?? '';
    if (!slot || isBinaryContentType(contentType)) return;
    try {
      const entry: CachedResponse = { url, body: await res.clone().text(), contentType, cachedAt: now() };
      if (startedIn !== generation) return;
      await store.set(slot.store, slot.key, entry);
    } catch {
      // A cache that cannot be written must never break the request.
    }
  }

  async function recall(url: string): Promise<Response | null> {
    const slot = cacheSlotFor(url);
    if (!slot) return null;
    try {
      const entry = await store.get<CachedResponse>(slot.store, slot.key);
      // Directory entries are keyed by path alone: make sure the entry answers this very URL.
      if (!entry || entry.url !== url) return null;
      if (now() - entry.cachedAt > maxAge) {
        await store.del(slot.store, slot.key).catch(() => undefined);
        return null;
      }
      return new Response(entry.body, {
        status: 200,
        headers: {
          'content-type': entry.contentType || 'application/json',
          [OFFLINE_SOURCE_HEADER]: 'offline-cache',
          [OFFLINE_CACHED_AT_HEADER]: new Date(entry.cachedAt).toISOString(),
        },
      });
    } catch {
      return null;
    }
  }

  async function offlineAwareFetch(input: string, init: RequestInit): Promise<Response> {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET') return fetch(input, init);
    const startedIn = generation;
    let res: Response;
    try {
      res = await fetch(input, init);
    } catch (err) {
      if (init.signal?.aborted) throw err;
      const cached = await recall(input);
      if (cached) return cached;
      throw err;
    }
    if (res.ok) await remember(input, res, startedIn);
    return res;
  }

  return {
    fetch: offlineAwareFetch,
    async clear() {
      generation++;
      await clearCachedApiAnswers(store).catch(() => undefined);
    },
  };
}
