/**
 * Storage configs (`/s3-configs`): where file shares and mounts keep their bytes. A `local` config is a
 * directory on the server; every other provider is an S3-compatible bucket. The secret access key is
 * write-only: no answer ever carries it, only `has_secret_access_key`.
 */
import type { JSONSchemaType } from 'ajv';

export const STORAGE_PROVIDERS = ['local', 'aws', 'r2', 'b2', 'minio', 'aliyun', 'other'] as const;
export type StorageProvider = (typeof STORAGE_PROVIDERS)[number];

/** Presigned URL lifetime when a config does not set one, in seconds. */
export const DEFAULT_SIGNATURE_EXPIRES_IN_S = 3600;
/** SigV4 presigned URLs live at most 7 days. */
export const MAX_SIGNATURE_EXPIRES_IN_S = 604_800;

/** What an API-key user sees of a public config: enough to pick it for an upload, no location or secret. */
export interface StorageConfigSummary {
  id: string;
  name: string;
  provider_type: StorageProvider;
  is_public: boolean;
  is_default: boolean;
  /** Capacity in bytes; null = no limit. */
  total_storage_bytes: number | null;
  created_at: string;
  updated_at: string;
}

/** The admin's view. */
export interface StorageConfig extends StorageConfigSummary {
  endpoint_url: string | null;
  bucket_name: string | null;
  region: string | null;
  access_key_id: string | null;
  /** True when a secret access key is stored (the key itself is never returned). */
  has_secret_access_key: boolean;
  path_style: boolean;
  /** Key prefix every object of this config lives below ('' = the bucket root). */
  default_folder: string;
  /** Public host objects are served from (CDN or custom domain), for unsigned object URLs. */
  custom_host: string | null;
  /** Lifetime of presigned URLs, seconds. */
  signature_expires_in: number;
  /** Local configs: the directory (absolute on the server). */
  root_path: string | null;
  /** true = downloads stream through the server; false = redirect to a presigned GET (S3 only). */
  proxy_downloads: boolean;
}

export type StorageConfigView = StorageConfig | StorageConfigSummary;
export const isFullStorageConfig = (c: StorageConfigView): c is StorageConfig => 'path_style' in c;

export interface CreateStorageConfigBody {
  name: string;
  provider_type: StorageProvider;
  /** Required except for `aws` (which defaults to AWS's own endpoint) and `local`. */
  endpoint_url?: string | null;
  bucket_name?: string | null;
  /** Defaults to `auto` for R2, `us-east-1` otherwise. */
  region?: string | null;
  access_key_id?: string | null;
  secret_access_key?: string | null;
  /** Defaults to true for `minio` and `other`, false otherwise. */
  path_style?: boolean;
  default_folder?: string | null;
  is_public?: boolean;
  /** Makes this the default config (the previous default stops being one). */
  is_default?: boolean;
  /** Bytes; null or 0 = no limit. */
  total_storage_bytes?: number | null;
  custom_host?: string | null;
  signature_expires_in?: number | null;
  /** Local configs: an absolute directory, or one relative to the server's data directory. */
  root_path?: string | null;
  /** Defaults to true; local configs always stream through the server. */
  proxy_downloads?: boolean;
}

const url = { type: 'string', minLength: 1, maxLength: 2048, nullable: true } as const;
const flag = { type: 'boolean', nullable: true } as const;
const name = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;
const provider = { type: 'string', enum: [...STORAGE_PROVIDERS] } as const;
const properties = {
  endpoint_url: url,
  bucket_name: { type: 'string', minLength: 1, maxLength: 255, nullable: true },
  region: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', nullable: true },
  access_key_id: { type: 'string', minLength: 1, maxLength: 256, pattern: '^\\S+$', nullable: true },
  secret_access_key: { type: 'string', minLength: 1, maxLength: 512, pattern: '^\\S+$', nullable: true },
  path_style: flag,
  default_folder: { type: 'string', maxLength: 512, nullable: true },
  is_public: flag,
  total_storage_bytes: { type: 'integer', minimum: 0, maximum: 2 ** 53 - 1, nullable: true },
  custom_host: url,
  signature_expires_in: { type: 'integer', minimum: 1, maximum: MAX_SIGNATURE_EXPIRES_IN_S, nullable: true },
  root_path: { type: 'string', minLength: 1, maxLength: 1024, nullable: true },
  proxy_downloads: flag,
} as const;

export const createStorageConfigBodySchema: JSONSchemaType<CreateStorageConfigBody> = {
  type: 'object',
  properties: { name, provider_type: provider, ...properties, is_default: flag },
  required: ['name', 'provider_type'],
  additionalProperties: false,
};

/**
 * Partial update. An absent `secret_access_key` keeps the stored one. The default is changed with
 * `PUT /s3-configs/{id}/set-default`, not here.
 */
export type UpdateStorageConfigBody = Partial<Omit<CreateStorageConfigBody, 'is_default'>>;
export const updateStorageConfigBodySchema: JSONSchemaType<UpdateStorageConfigBody> = {
  type: 'object',
  properties: {
    name: { ...name, nullable: true },
    provider_type: { ...provider, nullable: true },
    ...properties,
  },
  additionalProperties: false,
  minProperties: 1,
};

export type StorageTestStepName = 'list' | 'write' | 'read' | 'delete';

export interface StorageTestStep {
  name: StorageTestStepName;
  ok: boolean;
  /** Milliseconds the step took (0 when skipped). */
  ms: number;
  /** What happened: a short success note, the store's error, or why the step was skipped. */
  message: string;
}

/** `GET /s3-configs/{id}/folders?path=`: which folder inside the storage (a mount's `root_prefix`). */
export interface StorageFolderQuery {
  /** A folder inside the storage, '' (or absent) for its root. */
  path?: string;
}
export const storageFolderQuerySchema: JSONSchemaType<StorageFolderQuery> = {
  type: 'object',
  properties: { path: { type: 'string', maxLength: 512, nullable: true } },
  additionalProperties: false,
};

/** The folders directly inside `path`, by name; the server's own `.clip` folder is never listed. */
export interface StorageFolderList {
  path: string;
  folders: string[];
  /** More entries than one answer scans: some folders may be missing (type the path instead). */
  truncated: boolean;
}

/** `POST /s3-configs/{id}/test`: a probe object really listed, written, read back and deleted. */
export interface StorageTestResult {
  ok: boolean;
  steps: StorageTestStep[];
}
