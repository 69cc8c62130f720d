/** Migrations are listed here in order, so they run from TypeScript sources on either database. */
import type { Knex } from 'knex';
import * as foundation from './001_foundation.ts';
import * as pastes from './002_pastes.ts';
import * as storageConfigs from './003_storage_configs.ts';
import * as fileShares from './004_file_shares.ts';
import * as activity from './005_activity.ts';
import * as shareConfigFk from './006_share_config_fk.ts';
import * as mounts from './010_mounts.ts';
import * as fsCacheVersions from './011_fs_cache_versions.ts';
import * as uploadSessions from './012_upload_sessions.ts';
import * as tasks from './013_tasks.ts';
import * as webdav from './014_webdav.ts';
import * as reservedPrefix from './015_reserved_prefix.ts';
import * as writeAdmission from './016_write_admission.ts';
import * as signedWrites from './017_signed_writes.ts';
import * as pathShares from './018_path_shares.ts';
import * as uploadRequests from './019_upload_requests.ts';
import * as accessLog from './020_access_log.ts';
import * as e2eShares from './021_e2e_shares.ts';
import * as cluster from './022_cluster.ts';
import * as shareUploadSessions from './023_share_upload_sessions.ts';
import * as dailyCreations from './024_daily_creations.ts';
import * as thumbnails from './025_thumbnails.ts';
import * as taskSummary from './026_task_summary.ts';
import * as pastesLimitedIndex from './027_pastes_limited_index.ts';

export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
  /** `{ transaction: false }`: the migration opens its own transactions (see 023). */
  config?: { transaction?: boolean };
}

export const migrations: Migration[] = [
  { name: '001_foundation', ...foundation },
  { name: '002_pastes', ...pastes },
  { name: '003_storage_configs', ...storageConfigs },
  { name: '004_file_shares', ...fileShares },
  { name: '005_activity', ...activity },
  { name: '006_share_config_fk', ...shareConfigFk },
  { name: '010_mounts', ...mounts },
  { name: '011_fs_cache_versions', ...fsCacheVersions },
  { name: '012_upload_sessions', ...uploadSessions },
  { name: '013_tasks', ...tasks },
  { name: '014_webdav', ...webdav },
  { name: '015_reserved_prefix', ...reservedPrefix },
  { name: '016_write_admission', ...writeAdmission },
  { name: '017_signed_writes', ...signedWrites },
  { name: '018_path_shares', ...pathShares },
  { name: '019_upload_requests', ...uploadRequests },
  { name: '020_access_log', ...accessLog },
  { name: '021_e2e_shares', ...e2eShares },
  { name: '022_cluster', ...cluster },
  { name: '023_share_upload_sessions', ...shareUploadSessions },
  { name: '024_daily_creations', ...dailyCreations },
  { name: '025_thumbnails', ...thumbnails },
  { name: '026_task_summary', ...taskSummary },
  { name: '027_pastes_limited_index', ...pastesLimitedIndex },
];

export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => migrations,
  getMigrationName: (m) => m.name,
  getMigration: async (m) => m,
};
