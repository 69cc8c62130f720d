/** Answers of the storage config routes (`/s3-configs`). */
import {
  STORAGE_PROVIDERS,
  type StorageConfig,
  type StorageConfigSummary,
  type StorageFolderList,
  type StorageTestResult,
  type StorageTestStep,
} from '../storageConfigs.ts';
import { bool, count, int, listOf, nullableCount, nullableStr, shapeOf, str } from './shape.ts';

const summaryProperties = {
  id: str,
  name: str,
  provider_type: { type: 'string', enum: [...STORAGE_PROVIDERS] },
  is_public: bool,
  is_default: bool,
  total_storage_bytes: nullableCount,
  created_at: str,
  updated_at: str,
} as const;
const summaryRequired = [
  'id',
  'name',
  'provider_type',
  'is_public',
  'is_default',
  'total_storage_bytes',
  'created_at',
  'updated_at',
] as const;

/** What an API key sees of a public config. */
export const storageConfigSummarySchema = shapeOf<StorageConfigSummary>()(summaryProperties, summaryRequired);

/** The administrator's view: where the bytes live, never the secret. */
export const storageConfigSchema = shapeOf<StorageConfig>()(
  {
    ...summaryProperties,
    endpoint_url: nullableStr,
    bucket_name: nullableStr,
    region: nullableStr,
    access_key_id: nullableStr,
    has_secret_access_key: bool,
    path_style: bool,
    default_folder: str,
    custom_host: nullableStr,
    signature_expires_in: int,
    root_path: nullableStr,
    proxy_downloads: bool,
  },
  [
    ...summaryRequired,
    'endpoint_url',
    'bucket_name',
    'region',
    'access_key_id',
    'has_secret_access_key',
    'path_style',
    'default_folder',
    'custom_host',
    'signature_expires_in',
    'root_path',
    'proxy_downloads',
  ],
);

/** The administrator gets the full config, an API key the summary. */
export const storageConfigViewSchema = { anyOf: [storageConfigSchema, storageConfigSummarySchema] } as const;
export const storageConfigListSchema = listOf(storageConfigViewSchema);

export const storageTestStepSchema = shapeOf<StorageTestStep>()(
  {
    name: { type: 'string', enum: ['list', 'write', 'read', 'delete'] },
    ok: bool,
    ms: count,
    message: str,
  },
  ['name', 'ok', 'ms', 'message'],
);

export const storageTestResultSchema = shapeOf<StorageTestResult>()(
  { ok: bool, steps: { type: 'array', items: storageTestStepSchema } },
  ['ok', 'steps'],
);

export const storageFolderListSchema = shapeOf<StorageFolderList>()(
  { path: str, folders: { type: 'array', items: str }, truncated: bool },
  ['path', 'folders', 'truncated'],
);
