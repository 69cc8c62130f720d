/**
 * The offline response cache (spec section 7) as a fetch wrapper: successful GET answers are kept;
 * a GET that fails to reach the server is answered from the cache with status 200 and headers
 * naming the offline source and the cache time. Failures of the cache itself are ignored.
 */
import { OFFLINE_CACHE_EXPIRY_MS } from '../constants.ts';
import { cacheSlotFor, isBinaryContentType } from './rules.ts';
import type { CachedResponse, OfflineStore } from './store.ts';

export const OFFLINE_SOURCE_HEADER = 'x-clip-offline-source';
export const OFFLINE_CACHED_AT_HEADER = 'x-clip-cached-at';

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface OfflineCacheOptions {
  now?: () => number;
  maxAgeMs?: number;
}

export function withOfflineCache(
  fetch: Fetch,
  store: OfflineStore,
  options: OfflineCacheOptions = {},
): Fetch {
  const now = options.now ?? Date.now;
  const maxAge = options.maxAgeMs ?? OFFLINE_CACHE_EXPIRY_MS;

  async function remember(url: string, res: Response): Promise<void> {
    const slot = cacheSlotFor(url);
    const contentType = res.headers.get('content-type') ?? '';
    if (!slot || isBinaryContentType(contentType)) return;
    try {
      const entry: CachedResponse = { url, body: await res.clone().text(), contentType, cachedAt: now() };
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

  return async function offlineAwareFetch(input, init) {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET') return fetch(input, init);
    let res: Response;
    try {
      res = await fetch(input, init);
    } catch (err) {
      if (init.signal?.aborted) throw err;
      const cached = await recall(input);
      if (cached) return cached;
      throw err;
    }
    if (res.ok) await remember(input, res);
    return res;
  };
}
