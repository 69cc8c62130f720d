/**
 * Mounts (`/admin/mounts`, read-only `/user/mounts`): a storage config (or a folder inside it) shown at a
 * virtual path such as `/s3/photos`. The rules of spec section 5 live in the schemas where JSON Schema can
 * say them, and in the server's mount rules (path shape, reserved segments, uniqueness) where it cannot.
 */
import type { JSONSchemaType } from 'ajv';
import { MOUNT_NAME_MAX, MOUNT_NAME_MIN } from '../constants.ts';

export const MOUNT_STORAGE_TYPES = ['s3', 'local'] as const;
export type MountStorageType = (typeof MOUNT_STORAGE_TYPES)[number];

/** First segments a mount path may not use: they are the app's own routes. */
export const RESERVED_MOUNT_SEGMENTS = [
  'api',
  'dav',
  'admin',
  'user',
  'paste',
  'file',
  'upload',
  'raw',
  'assets',
] as const;

export const MOUNT_PATH_MAX = 100;

export interface Mount {
  id: string;
  name: string;
  mount_path: string;
  storage_type: MountStorageType;
  storage_config_id: string;
  remark: string;
  sort_order: number;
  /** Seconds a folder listing is cached; 0 = never cached. */
  cache_ttl: number;
  is_active: boolean;
  /** true = downloads stream through the server; false = redirect to a presigned link where possible. */
  web_proxy: boolean;
  /** Folder inside the storage config that is mounted ('' = the config's own root / default folder). */
  root_prefix: string;
  /** `system`, `admin` or `apikey:<id>`. */
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface CreateMountBody {
  name: string;
  mount_path: string;
  storage_type: MountStorageType;
  storage_config_id: string;
  remark?: string | null;
  sort_order?: number | null;
  cache_ttl?: number | null;
  is_active?: boolean | null;
  web_proxy?: boolean | null;
  root_prefix?: string | null;
}

/** Partial update; `is_active` enables or disables the mount. */
export type UpdateMountBody = Partial<CreateMountBody>;

const name = { type: 'string', minLength: MOUNT_NAME_MIN, maxLength: MOUNT_NAME_MAX } as const;
const mountPath = { type: 'string', minLength: 2, maxLength: MOUNT_PATH_MAX } as const;
const storageType = { type: 'string', enum: [...MOUNT_STORAGE_TYPES] } as const;
const configId = { type: 'string', minLength: 1, maxLength: 64 } as const;
const optional = {
  remark: { type: 'string', maxLength: 500, nullable: true },
  sort_order: { type: 'integer', minimum: 0, maximum: 2_147_483_647, nullable: true },
  cache_ttl: { type: 'integer', minimum: 0, maximum: 31_536_000, nullable: true },
  is_active: { type: 'boolean', nullable: true },
  web_proxy: { type: 'boolean', nullable: true },
  root_prefix: { type: 'string', maxLength: 512, nullable: true },
} as const;

export const createMountBodySchema: JSONSchemaType<CreateMountBody> = {
  type: 'object',
  properties: {
    name,
    mount_path: mountPath,
    storage_type: storageType,
    storage_config_id: configId,
    ...optional,
  },
  required: ['name', 'mount_path', 'storage_type', 'storage_config_id'],
  additionalProperties: false,
};

export const updateMountBodySchema: JSONSchemaType<UpdateMountBody> = {
  type: 'object',
  properties: {
    name: { ...name, nullable: true },
    mount_path: { ...mountPath, nullable: true },
    storage_type: { ...storageType, nullable: true },
    storage_config_id: { ...configId, nullable: true },
    ...optional,
  },
  additionalProperties: false,
  minProperties: 1,
};
