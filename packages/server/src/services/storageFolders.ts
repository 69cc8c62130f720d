/**
 * The folders directly inside one folder of a storage, for picking a mount's `root_prefix` from a
 * tree. The path is checked as a root_prefix is (relative, no `..`, never inside `.clip`), and the
 * server's own `.clip` folder is never listed. A folder holding very many entries is scanned up to
 * a bound; the answer says when it stopped early.
 */
import type { StorageFolderList } from '@clip/sdk/contract';
import { checkRootPrefix } from '../fs/mountRules.ts';
import type { StorageDriver } from '../storage/driver.ts';
import { isReservedName } from '../storage/serverObjects.ts';

/** Entries scanned per answer (files included): enough for any folder a person picks from by eye. */
const SCAN_LIMIT = 5000;
const PAGE = 1000;

export async function listStorageFolders(driver: StorageDriver, rawPath: string): Promise<StorageFolderList> {
  const path = checkRootPrefix(rawPath);
  const folders: string[] = [];
  let scanned = 0;
  let cursor: string | null = null;
  do {
    const page = await driver.list(path, { cursor, limit: PAGE });
    scanned += page.entries.length;
    for (const e of page.entries) if (e.isDirectory && !isReservedName(e.name)) folders.push(e.name);
    cursor = page.cursor;
  } while (cursor && scanned < SCAN_LIMIT);
  folders.sort((a, b) => a.localeCompare(b));
  return { path, folders, truncated: cursor !== null };
}
