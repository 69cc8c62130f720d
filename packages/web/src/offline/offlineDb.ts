/**
 * The offline database (spec section 3): version 2 with stores pastes, files, directories and
 * settings. idb-keyval does the reads and writes over stores of a database we open ourselves,
 * because its own createStore makes one store per database.
 */
import { OFFLINE_DB_VERSION, OFFLINE_STORES, type OfflineStore, type OfflineStoreName } from '@clip/sdk';
import { del, get, keys, set, type UseStore } from 'idb-keyval';

export const OFFLINE_DB_NAME = 'clip-offline';

function openDatabase(onClose: () => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(OFFLINE_DB_NAME, OFFLINE_DB_VERSION);
    request.onupgradeneeded = () => {
      for (const name of OFFLINE_STORES)
        if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name);
    };
    request.onsuccess = () => {
      // Another tab upgrading the database must not wait on this one.
      request.result.onversionchange = () => {
        request.result.close();
        onClose();
      };
      resolve(request.result);
    };
    request.onerror = () => reject(request.error);
  });
}

/** An OfflineStore over IndexedDB; the database opens on first use. */
export function indexedDbOfflineStore(): OfflineStore {
  let db: Promise<IDBDatabase> | null = null;
  const stores = new Map<OfflineStoreName, UseStore>();
  const use = (name: OfflineStoreName): UseStore => {
    let store = stores.get(name);
    if (!store) {
      store = (mode, callback) => {
        db ??= openDatabase(() => {
          db = null;
        });
        return db.then((d) => callback(d.transaction(name, mode).objectStore(name)));
      };
      stores.set(name, store);
    }
    return store;
  };
  return {
    get: (store, key) => get(key, use(store)),
    set: (store, key, value) => set(key, value, use(store)),
    del: (store, key) => del(key, use(store)),
    keys: (store) => keys<IDBValidKey>(use(store)).then((all) => all.map(String)),
  };
}
