/** What the file share services share: the table, storage, settings and where links point. */
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import { storageError } from '../../http/storageError.ts';
import type { SettingsStore } from '../../services/settingsStore.ts';
import { partStoreFor } from '../../uploads/sessions/partStores.ts';
import type { SessionStore } from '../../uploads/sessions/sessionStore.ts';
import type { FileShareRow, FileShareStore } from './fileShareStore.ts';
import type { FileStorage } from './storageAccess.ts';

export interface FileDeps {
  repo: FileShareStore;
  /** A pending share's multipart upload is an upload session (uploads/sessions/), tied by `share_id`. */
  sessions: SessionStore;
  storage: FileStorage;
  settings: Pick<SettingsStore, 'maxUploadBytes'>;
  /** The public origin links are built on. */
  origin(): string;
  logger: Pick<Logger, 'warn' | 'info'>;
  /** Expiry, upload deadlines and view links are judged by this clock. */
  clock: Clock;
}

/** How long a presigned PUT (and its pending record) lives. */
export const PRESIGN_TTL_S = 3600;
/** How long an unfinished direct or multipart upload may take before it is swept. */
export const UPLOAD_DEADLINE_MS = 24 * 3600_000;

/** Removes a share's stored object; throws (as a client-facing error) when the store could not do it. */
export async function removeObject(deps: FileDeps, row: FileShareRow): Promise<void> {
  // A config deleted since leaves nothing we could remove.
  if (!(await deps.storage.config(row.s3_config_id))) return;
  try {
    const driver = await deps.storage.driver(row.s3_config_id);
    await driver.remove(row.storage_path);
  } catch (err) {
    throw storageError(err, `removing "${row.filename}"`);
  }
}

/**
 * Drops a pending upload: aborts its multipart upload (best effort, unless `abortUpload` is false: a spent
 * one), removes whatever object exists, then the session and the record. When the store cannot remove the
 * object the record stays, due now, so the sweep retries (no orphaned object). Never throws for a store that
 * refuses; answers whether the store confirmed the abort.
 */
export async function discardPending(
  deps: FileDeps,
  row: FileShareRow,
  { abortUpload = true } = {},
): Promise<boolean> {
  let aborted = true;
  const session = await deps.sessions.byShare(row.id);
  if (session && abortUpload && (await deps.storage.config(row.s3_config_id))) {
    try {
      aborted = await partStoreFor(await deps.storage.driver(row.s3_config_id)).abort(session);
    } catch (err) {
      aborted = false;
      deps.logger.warn({ err: String(err), id: row.id }, 'multipart abort failed');
    }
  }
  try {
    await removeObject(deps, row);
  } catch (err) {
    deps.logger.warn({ err: String(err), id: row.id }, 'could not remove the object of a discarded upload');
    await deps.repo.update(row.id, { upload_expires_at: deps.clock.now() }, 'pending');
    return false;
  }
  if (session) await deps.sessions.delete(session.id);
  // Only while still pending: a concurrent commit that made it a share keeps its record.
  await deps.repo.delete(row.id, 'pending');
  return aborted;
}
