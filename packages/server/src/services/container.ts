/** Everything a route may call, wired once in app.ts (the composition root). */
import type { Logger } from 'pino';
import type { TimerClock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/connect.ts';
import type { ArchiveService } from '../fs/copy/archive.ts';
import type { BatchCopyService } from '../fs/copy/batchCopy.ts';
import type { UrlFetchService } from '../fs/copy/urlFetch.ts';
import type { FsService } from '../fs/types.ts';
import type { AuthMiddleware } from '../http/auth.ts';
import type { StorageUploadSweepResult } from '../jobs/sweepStorageUploads.ts';
import type { AccessLogService } from '../shares/core/accessLog/accessLogService.ts';
import type { AccessRecorder } from '../shares/core/accessLog/accessRecorder.ts';
import type { FileServices } from '../shares/files/index.ts';
import type { FileSweepResult } from '../shares/files/sweepFiles.ts';
import type { PathShareService } from '../shares/paths/pathShareService.ts';
import type { UploadRequests } from '../shares/requests/index.ts';
import type { PasteService } from '../shares/text/pasteService.ts';
import type { SweepResult } from '../shares/text/sweepPastes.ts';
import type { TaskRunner, TaskService } from '../tasks/index.ts';
import type { ThumbnailLinks } from '../thumbnails/thumbnailLinks.ts';
import type { ThumbnailService } from '../thumbnails/thumbnailService.ts';
import type { FsUploads, UploadSweepResult } from '../uploads/sessions/index.ts';
import type { AdminAuthService } from './adminAuthService.ts';
import type { WriteAdmission } from './admission/writeAdmission.ts';
import type { ApiKeyService } from './apiKeyService.ts';
import type { CacheRegistry } from './cacheRegistry.ts';
import type { DashboardService } from './dashboardService.ts';
import type { MountService } from './mountService.ts';
import type { SettingsStore } from './settingsStore.ts';
import type { StorageConfigService } from './storageConfigService.ts';
import type { UrlService } from './url/urlService.ts';

export interface Services {
  config: Config;
  logger: Logger;
  db: Database;
  /** The time every expiry, limit and sweep is judged by (injected; tests move it by hand). */
  clock: TimerClock;
  /** The public origin links are built on (CLIP_PUBLIC_URL, else the listening address). */
  publicUrl(): string;
  adminAuth: AdminAuthService;
  apiKeys: ApiKeyService;
  settings: SettingsStore;
  dashboard: DashboardService;
  /** Server-side caches (mount listings, fs metadata) register here so "clear cache" reaches them. */
  caches: CacheRegistry;
  pastes: PasteService;
  /** Storage configs, and the driver of each (`driverFor`). */
  storageConfigs: StorageConfigService;
  /** The one admission check of writes against a config's capacity and max_upload_size, and its usage. */
  admission: WriteAdmission;
  /** Deletes expired and used-up text shares; run periodically by the scheduler, callable directly. */
  sweepPastes(): Promise<SweepResult>;
  /**
   * The access log: `accessRecorder.record(visitOf(ctx), share, detail)` is the one call a share kind's
   * public route makes per access (shares/core/accessLog/); `accessLog` reads it.
   */
  accessRecorder: AccessRecorder;
  accessLog: AccessLogService;
  /** Deletes events older than `access_log_days`; run by the scheduler. */
  sweepAccessLog(): Promise<{ deleted: number }>;
  files: FileServices;
  urlUploads: UrlService;
  /** Removes expired, used-up and abandoned file shares with their objects; run by the scheduler. */
  sweepFiles(now?: number): Promise<FileSweepResult>;
  /** Mount points over storage configs (admin CRUD, read-only for keys). */
  mounts: MountService;
  /** The one file-system service: /api/admin/fs, /api/user/fs, WebDAV and tasks all go through it. */
  fs: FsService;
  /** Thumbnails of images in mounts, kept in the database every process shares (ADR 0075). */
  thumbnails: ThumbnailService;
  /** Signed per-folder thumbnail links for `<img>`. */
  thumbnailLinks: ThumbnailLinks;
  /** Resumable multipart and presigned uploads into mounts (i10 multipart). */
  fsUploads: FsUploads;
  /** Upload requests: links through which anyone uploads into a mount folder (links.md). */
  uploadRequests: UploadRequests;
  /** Aborts upload sessions idle 24 h with their storage uploads; run by the scheduler. */
  sweepUploads(now?: number): Promise<UploadSweepResult>;
  /** Aborts multipart uploads left in S3 storages that no session owns (jobs/sweepStorageUploads.ts). */
  sweepStorageUploads(now?: number): Promise<StorageUploadSweepResult>;
  /** Background tasks (copy, delete, ...): the API's service and this process's runner. */
  tasks: TaskService;
  taskRunner: TaskRunner;
  /** Batch copy (inline, as a task, or client-side) and large deletes as tasks, over `fs`. */
  fsCopy: BatchCopyService;
  /** `download` tasks: files and folders packed by the server into one ZIP file. */
  fsArchive: ArchiveService;
  /** `upload` tasks: remote files fetched by the server into mounts. */
  fsFetch: UrlFetchService;
  /** Links to a file or folder inside a mount: management, the public side, the ZIP. */
  pathShares: PathShareService;
}

export interface RouteDeps {
  services: Services;
  auth: AuthMiddleware;
}
