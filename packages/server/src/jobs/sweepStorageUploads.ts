/**
 * The sweep of orphaned multipart uploads in S3 storages: an upload recorded in `storage_uploads`
 * (services/storageUploadStore.ts) that no open upload session or pending file share owns and that is older
 * than the grace period was left by a crash mid-stream or a refused abort; it is aborted now. A store
 * that keeps refusing the abort is left to the bucket's AbortIncompleteMultipartUpload lifecycle rule
 * after a few tries (docs/guide/mounts.md).
 */
import type { Logger } from 'pino';
import type { StorageUploads } from '../services/storageUploadStore.ts';
import { canMultipart, type StorageDriver } from '../storage/driver.ts';

/** Longer than any streamed write runs and than the 24 h an idle upload session lives. */
export const STORAGE_UPLOAD_GRACE_MS = 25 * 60 * 60 * 1000;
const MAX_ABORT_ATTEMPTS = 5;
const BATCH = 100;

export interface StorageUploadSweepResult {
  aborted: number;
  /** Refused by the store too often: left to the bucket's lifecycle rule. */
  abandoned: number;
}

export function createStorageUploadSweep(deps: {
  uploads: StorageUploads;
  /** The config's driver, or null when the config is gone. */
  driverFor(configId: string): Promise<StorageDriver | null>;
  logger: Pick<Logger, 'info' | 'warn'>;
  now(): number;
  graceMs?: number;
}) {
  return async function sweepStorageUploads(now = deps.now()): Promise<StorageUploadSweepResult> {
    const result: StorageUploadSweepResult = { aborted: 0, abandoned: 0 };
    const orphans = await deps.uploads.orphans(now - (deps.graceMs ?? STORAGE_UPLOAD_GRACE_MS), BATCH);
    for (const orphan of orphans) {
      const driver = await deps.driverFor(orphan.storage_config_id);
      // Without its config (or a store that has no multipart uploads) there is nothing left to abort.
      if (!driver || !canMultipart(driver)) {
        await deps.uploads.forget(orphan.upload_id);
        continue;
      }
      if (await driver.multipartAbort(orphan.object_key, orphan.upload_id)) {
        await deps.uploads.forget(orphan.upload_id);
        result.aborted++;
      } else if (orphan.abort_attempts + 1 >= MAX_ABORT_ATTEMPTS) {
        await deps.uploads.forget(orphan.upload_id);
        result.abandoned++;
        deps.logger.warn(
          { uploadId: orphan.upload_id, storageConfigId: orphan.storage_config_id },
          "the store keeps refusing to abort this multipart upload: the bucket's AbortIncompleteMultipartUpload lifecycle rule removes it",
        );
      } else await deps.uploads.failedAbort(orphan.upload_id);
    }
    if (result.aborted > 0) deps.logger.info(result, 'aborted orphaned multipart uploads');
    return result;
  };
}
