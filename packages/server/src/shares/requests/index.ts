/** Upload requests wired once from app.ts: management, the public upload and the sweep of orphaned rows. */
import type { Knex } from 'knex';
import type { Clock } from '../../clock.ts';
import type { Dialect } from '../../db/connect.ts';
import type { LinkIssuers } from '../../fs/linkIssuer.ts';
import type { FsService } from '../../fs/types.ts';
import type { WriteAdmission } from '../../services/admission/writeAdmission.ts';
import type { PasswordChecks } from '../../services/passwordChecks.ts';
import type { SessionStore } from '../../uploads/sessions/sessionStore.ts';
import type { UploadHost } from '../../uploads/sessions/uploadHost.ts';
import type { ShareAccessTokens } from '../core/shareAccessTokens.ts';
import { createRequestManagement, type RequestManagement } from './requestManagement.ts';
import { createRequestUploads, type RequestUploads } from './requestUploads.ts';
import { createUploadRequestStore } from './uploadRequestStore.ts';

export interface UploadRequests {
  manage: RequestManagement;
  uploads: RequestUploads;
}

export function createUploadRequests(deps: {
  knex: Knex;
  dialect: Dialect;
  fs: FsService;
  sessions: SessionStore;
  host: UploadHost;
  admission: WriteAdmission;
  issuers: LinkIssuers;
  passwords: PasswordChecks;
  tokens: ShareAccessTokens;
  clock: Clock;
  origin(): string;
  logger: { warn(obj: object, msg: string): void };
}): UploadRequests {
  const store = createUploadRequestStore(deps.knex, deps.dialect);
  return {
    manage: createRequestManagement({ store, fs: deps.fs, clock: deps.clock, origin: deps.origin }),
    uploads: createRequestUploads({ ...deps, store }),
  };
}
