/**
 * Upload sessions of request uploads kept in IndexedDB (idb-keyval, a database of their own), keyed by
 * the request and the file's identity: after a reload, a lost connection or a closed laptop, adding the
 * same file again resumes it, and the parts the server holds are not sent again.
 */
import type { RememberedRequestUpload, RequestUploadMemory } from '@clip/sdk';
import { createStore, del, get, keys, set } from 'idb-keyval';

const store = () => createStore('clip-request-uploads', 'sessions');

export const requestMemory: RequestUploadMemory = {
  get: (key) => get<RememberedRequestUpload>(key, store()),
  set: (key, value) => set(key, value, store()),
  delete: (key) => del(key, store()),
};

/** Unfinished uploads of one request: their file names and sizes (from the keys). */
export async function unfinishedUploads(slug: string): Promise<{ name: string; size: number }[]> {
  const all = (await keys(store()).catch(() => [])) as string[];
  return all
    .filter((k) => typeof k === 'string' && k.startsWith(`${slug}\n`))
    .map((k) => {
      const [, name, size] = k.split('\n');
      return { name, size: Number(size) };
    });
}
