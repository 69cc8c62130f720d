/** Resumable and presigned uploads into mounts, wired once from app.ts. */

import type { FsService } from '../../fs/types.ts';
import type { WriteAdmission } from '../../services/admission/writeAdmission.ts';
import type { StorageConfigService } from '../../services/storageConfigService.ts';
import { createFsUploadHost } from './fsUploadHost.ts';
import { createMultipartService, type MultipartService, type UploadSweepResult } from './multipartService.ts';
import { createFsPresignService, type FsPresignService } from './presignService.ts';
import { createSessionStore, type SessionDb, type SessionStore } from './sessionStore.ts';
import type { UploadHost } from './uploadHost.ts';

export interface FsUploads {
  multipart: MultipartService;
  presign: FsPresignService;
  /** The fs upload host (resolution, permission, landing) and the session store, for upload requests. */
  host: UploadHost;
  sessions: SessionStore;
  /** Aborts sessions idle 24 h (and their storage uploads); run by the scheduler. */
  sweep(now?: number): Promise<UploadSweepResult>;
}

export function createFsUploads(deps: {
  db: SessionDb;
  fs: FsService;
  /** The fs service that rereads mounts and drivers at most once a second: parts resolve through it. */
  recentFs: FsService;
  storageConfigs: Pick<StorageConfigService, 'resolve' | 'driverFor'>;
  /** Sizes are checked against max_upload_size and capacity, and landed files counted, by the write admission. */
  admission: WriteAdmission;
  logger: { warn(obj: object, msg: string): void };
  now?: () => number;
}): FsUploads {
  const repo = createSessionStore(deps.db);
  const host = createFsUploadHost({ ...deps, repo });
  const multipart = createMultipartService({
    repo,
    host,
    logger: deps.logger,
    now: deps.now,
  });
  const presign = createFsPresignService({ repo, host, now: deps.now });
  return { multipart, presign, host, sessions: repo, sweep: (now) => multipart.sweep(now) };
}

export type { UploadSweepResult } from './multipartService.ts';
