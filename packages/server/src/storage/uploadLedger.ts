/**
 * Where a driver records every multipart upload it opens in a storage: recorded before its first part is
 * sent, dropped once it is completed or its abort confirmed. What stays recorded is what a crash or a
 * refused abort left behind; the sweep (jobs/sweepStorageUploads.ts) aborts it once no session owns it.
 */
export interface UploadLedger {
  /** The upload `uploadId` was opened for the driver-relative `path`. */
  opened(uploadId: string, path: string): Promise<void>;
  /** The upload is completed or aborted: nothing of it stays in the storage. */
  closed(uploadId: string): Promise<void>;
}
