/** Answers of the system, dashboard and cache routes. */
import { WEBDAV_UPLOAD_MODES } from '../../constants.ts';
import { ACCESS_LOG_DAYS_MAX, ACCESS_LOG_IP_MODES } from '../accessLog.ts';
import type {
  ActivityDay,
  CacheClearResult,
  DashboardStats,
  ShareCounts,
  StorageUsage,
} from '../dashboard.ts';
import type { Health, MaxUploadSize, SystemSettings, VersionInfo } from '../system.ts';
import { bool, count, nullableCount, shapeOf, str } from './shape.ts';

export const versionInfoSchema = shapeOf<VersionInfo>()(
  { name: str, version: { type: 'string', minLength: 1 } },
  ['name', 'version'],
);

export const healthSchema = shapeOf<Health>()(
  { status: { type: 'string', const: 'ok' }, database: { type: 'string', const: 'ok' } },
  ['status', 'database'],
);

export const maxUploadSizeSchema = shapeOf<MaxUploadSize>()(
  { max_upload_size: { type: 'integer', minimum: 0 } },
  ['max_upload_size'],
);

export const systemSettingsSchema = shapeOf<SystemSettings>()(
  {
    max_upload_size: { type: 'number', exclusiveMinimum: 0 },
    webdav_upload_mode: { type: 'string', enum: [...WEBDAV_UPLOAD_MODES] },
    max_zip_size: { type: 'number', exclusiveMinimum: 0 },
    access_log_ip: { type: 'string', enum: [...ACCESS_LOG_IP_MODES] },
    access_log_days: { type: 'integer', minimum: 0, maximum: ACCESS_LOG_DAYS_MAX },
  },
  ['max_upload_size', 'webdav_upload_mode', 'max_zip_size', 'access_log_ip', 'access_log_days'],
);

export const cacheClearResultSchema = shapeOf<CacheClearResult>()({ cleared: count }, ['cleared']);

export const shareCountsSchema = shapeOf<ShareCounts>()({ total: count, active: count, expired: count }, [
  'total',
  'active',
  'expired',
]);

export const storageUsageSchema = shapeOf<StorageUsage>()(
  {
    storage_config_id: str,
    name: str,
    provider_type: str,
    is_default: bool,
    used_bytes: count,
    file_count: count,
    total_bytes: nullableCount,
  },
  ['storage_config_id', 'name', 'provider_type', 'is_default', 'used_bytes', 'file_count', 'total_bytes'],
);

export const activityDaySchema = shapeOf<ActivityDay>()(
  {
    date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    text_created: count,
    file_created: count,
    text_views: count,
    file_views: count,
  },
  ['date', 'text_created', 'file_created', 'text_views', 'file_views'],
);

export const dashboardStatsSchema = shapeOf<DashboardStats>()(
  {
    text_shares: shareCountsSchema,
    file_shares: shareCountsSchema,
    api_keys: shareCountsSchema,
    storage_configs: count,
    mounts: count,
    storage: { type: 'array', items: storageUsageSchema },
    activity: { type: 'array', items: activityDaySchema, minItems: 7, maxItems: 7 },
    generated_at: str,
  },
  [
    'text_shares',
    'file_shares',
    'api_keys',
    'storage_configs',
    'mounts',
    'storage',
    'activity',
    'generated_at',
  ],
);
