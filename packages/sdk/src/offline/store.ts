/** The key-value store the offline cache writes to: idb-keyval in the browser, memory in Node. */

/** The offline database's object stores (spec section 3, database version 2). */
export const OFFLINE_STORES = ['pastes', 'files', 'directories', 'settings'] as const;
export type OfflineStoreName = (typeof OFFLINE_STORES)[number];

/** One cached GET answer. */
export interface CachedResponse {
  url: string;
  body: string;
  contentType: string;
  /** Epoch milliseconds. */
  cachedAt: number;
}

export interface OfflineStore {
  get<T = unknown>(store: OfflineStoreName, key: string): Promise<T | undefined>;
  set(store: OfflineStoreName, key: string, value: unknown): Promise<void>;
  del(store: OfflineStoreName, key: string): Promise<void>;
  /** Every key in a store (for clearing the cached API answers on logout). */
  keys(store: OfflineStoreName): Promise<string[]>;
}

/** An in-memory store, for Node and tests. */
export function memoryOfflineStore(): OfflineStore {
  const stores = new Map<OfflineStoreName, Map<string, unknown>>(
    OFFLINE_STORES.map((name) => [name, new Map()]),
  );
  const of = (name: OfflineStoreName) => stores.get(name) as Map<string, unknown>;
  return {
    async get<T>(store: OfflineStoreName, key: string) {
      return structuredClone(of(store).get(key)) as T | undefined;
    },
    async set(store, key, value) {
      of(store).set(key, structuredClone(value));
    },
    async del(store, key) {
      of(store).delete(key);
    },
    async keys(store) {
      return [...of(store).keys()];
    },
  };
}
