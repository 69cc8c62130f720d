/** Builds the file share services over one table, one storage lookup and one link signer. */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { type Clock, systemClock } from '../../clock.ts';
import type { Dialect } from '../../db/connect.ts';
import type { PasswordChecks } from '../../services/passwordChecks.ts';
import type { SettingsStore } from '../../services/settingsStore.ts';
import type { AccessRecorder } from '../../shares/core/accessLog/accessRecorder.ts';
import { createDownloadService, type DownloadService } from '../../shares/files/downloadService.ts';
import { createFileManagement, type FileManagement } from '../../shares/files/fileManagement.ts';
import { createObjectMoveStore } from '../../shares/files/objectMoveStore.ts';
import { createPublicFileService, type PublicFileService } from '../../shares/files/publicFileService.ts';
import { type MoveReport, moveShareObjects } from '../../shares/files/shareObjectMoves.ts';
import type { SessionStore } from '../../uploads/sessions/sessionStore.ts';
import type { FileDeps } from './fileDeps.ts';
import { createFileShareStore } from './fileShareStore.ts';
import { createMultipartService, type MultipartService } from './multipartService.ts';
import { createPresignService, type PresignService } from './presignService.ts';
import { createLinkSigner } from './signing.ts';
import type { FileStorage } from './storageAccess.ts';
import { createUploadService, type UploadService } from './uploadService.ts';

export interface FileServices {
  deps: FileDeps;
  uploads: UploadService;
  presign: PresignService;
  multipart: MultipartService;
  publicFiles: PublicFileService;
  downloads: DownloadService;
  manage: FileManagement;
  /** Moves share objects stored before ADR 0040 into `.clip/shares/` (shareObjectMoves.ts). */
  moveLegacyObjects(signal?: AbortSignal): Promise<MoveReport>;
}

export interface FileServicesOptions {
  knex: Knex;
  /** The upload sessions' store: a pending share's multipart upload is one of its sessions. */
  sessions: SessionStore;
  dialect: Dialect;
  storage: FileStorage;
  settings: Pick<SettingsStore, 'maxUploadBytes'>;
  passwords: PasswordChecks;
  /** Keys the signed download links. */
  serverSecret: string;
  origin(): string;
  logger: Pick<Logger, 'warn' | 'info'>;
  /** Called once per counted view (dashboard activity). */
  onView?: () => void;
  accessLog: AccessRecorder;
  clock?: Clock;
}

export function createFileServices(o: FileServicesOptions): FileServices {
  const deps: FileDeps = {
    repo: createFileShareStore(o.knex, o.dialect, () => (o.clock ?? systemClock).now()),
    sessions: o.sessions,
    storage: o.storage,
    settings: o.settings,
    origin: o.origin,
    logger: o.logger,
    clock: o.clock ?? systemClock,
  };
  return {
    deps,
    uploads: createUploadService(deps),
    presign: createPresignService(deps),
    multipart: createMultipartService(deps),
    publicFiles: createPublicFileService({
      ...deps,
      signer: createLinkSigner(o.serverSecret),
      passwords: o.passwords,
      onView: o.onView,
      accessLog: o.accessLog,
    }),
    downloads: createDownloadService(deps),
    manage: createFileManagement(deps),
    moveLegacyObjects: (signal) =>
      moveShareObjects(
        { moves: createObjectMoveStore(o.knex), shares: deps.repo, storage: o.storage, logger: o.logger },
        signal,
      ),
  };
}
