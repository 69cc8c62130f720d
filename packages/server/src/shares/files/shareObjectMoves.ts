/**
 * Moves the objects of file shares stored before ADR 0040 (in the mount namespace) into `.clip/shares/`,
 * working off the list migration 015 wrote (`share_object_moves`). Per share: copy the object, point the
 * share at the copy, remove the old object, drop the entry. The share is readable at every step, and a
 * run interrupted anywhere is finished by the next; several processes running it at once repeat the same
 * harmless steps. A share still uploading waits: its bytes may yet land at the old key.
 */
import type { Logger } from 'pino';
import { canCopy, type StorageDriver } from '../../storage/driver.ts';
import type { FileShareStore } from './fileShareStore.ts';
import type { MoveEntry, ObjectMoveStore } from './objectMoveStore.ts';
import type { FileStorage } from './storageAccess.ts';

export interface MoveReport {
  moved: number;
  /** Shares still uploading, or whose share changed under the move: tried again on the next run. */
  waiting: number;
  failed: number;
}

export interface ShareObjectMoveDeps {
  moves: ObjectMoveStore;
  shares: Pick<FileShareStore, 'byId' | 'repoint'>;
  storage: FileStorage;
  logger: Pick<Logger, 'warn' | 'info'>;
}

/** Works off the list once; `signal` stops it between shares (a server shutting down). */
export async function moveShareObjects(deps: ShareObjectMoveDeps, signal?: AbortSignal): Promise<MoveReport> {
  const report: MoveReport = { moved: 0, waiting: 0, failed: 0 };
  const entries = await deps.moves.entries();
  for (const entry of entries) {
    if (signal?.aborted) break;
    try {
      report[await moveOne(deps, entry)]++;
    } catch (err) {
      report.failed++;
      deps.logger.warn({ err: String(err), share: entry.share_id }, 'could not move a share object yet');
    }
  }
  if (entries.length > 0) deps.logger.info({ ...report }, 'share objects moved into .clip/shares');
  return report;
}

async function moveOne(deps: ShareObjectMoveDeps, entry: MoveEntry): Promise<'moved' | 'waiting'> {
  const done = () => deps.moves.done(entry.share_id);
  // A config deleted since took its shares and leaves nothing to move.
  if (!(await deps.storage.config(entry.storage_config_id))) {
    await done();
    return 'moved';
  }
  const driver = await deps.storage.driver(entry.storage_config_id);
  const share = await deps.shares.byId(entry.share_id);
  if (!share) {
    // Deleted mid-move: its deletion removed one of the two objects; the other goes too.
    await driver.remove(entry.from_path);
    await driver.remove(entry.to_path);
    await done();
    return 'moved';
  }
  if (share.storage_path === entry.from_path) {
    if (share.status !== 'ready') return 'waiting';
    if (await driver.stat(entry.from_path)) await copyObject(driver, entry.from_path, entry.to_path);
    else if (!(await driver.stat(entry.to_path)))
      deps.logger.warn({ share: entry.share_id }, 'the object of a share was missing before its move');
    if (!(await deps.shares.repoint(entry.share_id, entry.from_path, entry.to_path))) return 'waiting';
  } else if (share.storage_path !== entry.to_path) {
    // Pointed elsewhere already (not by this move): nothing of it is ours to remove.
    await done();
    return 'moved';
  }
  await driver.remove(entry.from_path);
  await done();
  return 'moved';
}

/** The storage copies the object itself where it can; otherwise it streams through the server. */
async function copyObject(driver: StorageDriver, from: string, to: string): Promise<void> {
  if (canCopy(driver)) return driver.copy(from, to);
  const read = await driver.read(from);
  await driver.write(to, read.stream, { size: read.size, contentType: read.contentType ?? undefined });
}
