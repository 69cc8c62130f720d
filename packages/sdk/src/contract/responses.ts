/**
 * Schemas of answer data (the `data` of the envelope) for the OpenAPI document and the contract tests.
 * `required` lists are checked against the SDK's interfaces.
 */
import { WEBDAV_UPLOAD_MODES } from '../constants.ts';
import type { ApiKey } from './apiKeys.ts';
import type { LoginResult } from './auth.ts';
import type { PasteCreated, PasteRecord, PasteView } from './pastes.ts';
import { STORAGE_PROVIDERS, type StorageConfigSummary } from './storageConfigs.ts';
import type { SystemSettings } from './system.ts';
import { TASK_STATUSES, TASK_TYPES, type Task } from './tasks.ts';

/** Every required field is one of the type's keys: a renamed field fails to compile. */
const keys = <T>(...k: (keyof T & string)[]) => k;

const isoDate = { type: 'string', minLength: 1 } as const;
const nullableIsoDate = { type: 'string', nullable: true } as const;
const nullableText = { type: 'string', nullable: true } as const;

export const pasteCreatedSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    slug: { type: 'string' },
    url: { type: 'string' },
    raw_url: { type: 'string' },
    expires_at: nullableIsoDate,
    max_views: { type: 'integer' },
    created_at: isoDate,
  },
  required: keys<PasteCreated>('id', 'slug', 'url', 'raw_url', 'expires_at', 'max_views', 'created_at'),
} as const;

const pasteViewProperties = {
  slug: { type: 'string' },
  title: nullableText,
  content: { type: 'string' },
  remark: nullableText,
  format: { type: 'string', enum: ['markdown', 'text'] },
  created_at: isoDate,
  expires_at: nullableIsoDate,
  max_views: { type: 'integer' },
  views: { type: 'integer' },
  has_password: { type: 'boolean' },
} as const;

export const pasteViewSchema = {
  type: 'object',
  properties: pasteViewProperties,
  required: Object.keys(pasteViewProperties) as (keyof PasteView)[],
} as const;

export const pasteRecordSchema = {
  type: 'object',
  properties: {
    ...pasteViewProperties,
    id: { type: 'string' },
    created_by: { type: 'string' },
    updated_at: isoDate,
    url: { type: 'string' },
    raw_url: { type: 'string' },
  },
  required: [
    ...(Object.keys(pasteViewProperties) as (keyof PasteView)[]),
    ...keys<PasteRecord>('id', 'created_by', 'updated_at'),
  ],
} as const;

/** A share in a list: the record without its text, plus a short preview (null when protected). */
export const pasteListItemSchema = {
  type: 'object',
  properties: {
    ...Object.fromEntries(Object.entries(pasteRecordSchema.properties).filter(([k]) => k !== 'content')),
    preview: { type: ['string', 'null'] },
  },
  required: [...pasteRecordSchema.required.filter((k) => k !== 'content'), 'preview'],
} as const;

export const pasteListSchema = {
  type: 'object',
  properties: {
    items: { type: 'array', items: pasteListItemSchema },
    total: { type: 'integer', minimum: 0 },
    limit: { type: 'integer' },
    page: { type: 'integer' },
    offset: { type: 'integer' },
  },
  required: ['items', 'total', 'limit'],
} as const;

export const deletedCountSchema = {
  type: 'object',
  properties: { deleted: { type: 'integer', minimum: 0 } },
  required: ['deleted'],
} as const;

export const versionInfoSchema = {
  type: 'object',
  properties: { name: { type: 'string' }, version: { type: 'string', minLength: 1 } },
  required: ['name', 'version'],
} as const;

export const healthSchema = {
  type: 'object',
  properties: { status: { type: 'string', const: 'ok' }, database: { type: 'string' } },
  required: ['status', 'database'],
} as const;

export const maxUploadSizeSchema = {
  type: 'object',
  properties: { max_upload_size: { type: 'integer', minimum: 0 } },
  required: ['max_upload_size'],
} as const;

/** Answers whose shape the document does not spell out yet: any JSON value (see the named SDK type). */
export const anyDataSchema = {} as const;

/** Answers with no data (`data: null`). */
export const nullDataSchema = { type: 'null' } as const;

const str = { type: 'string' } as const;
const nullableStr = { type: 'string', nullable: true } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;

/** `{items, total}` with the paging fields the caller used. */
export const listOf = (item: object) =>
  ({
    type: 'object',
    properties: {
      items: { type: 'array', items: item },
      total: { type: 'integer', minimum: 0 },
      page: int,
      limit: int,
      offset: int,
    },
    required: ['items', 'total'],
  }) as const;

export const apiKeySchema = {
  type: 'object',
  properties: {
    id: str,
    name: str,
    key: str,
    expires_at: nullableStr,
    text_permission: bool,
    file_permission: bool,
    mount_permission: bool,
    basic_path: str,
    last_used: nullableStr,
    created_at: str,
  },
  required: keys<ApiKey>(
    'id',
    'name',
    'key',
    'expires_at',
    'text_permission',
    'file_permission',
    'mount_permission',
    'basic_path',
    'last_used',
    'created_at',
  ),
} as const;
export const apiKeyListSchema = listOf(apiKeySchema);

export const loginResultSchema = {
  type: 'object',
  properties: { token: { type: 'string', minLength: 1 }, expires_at: str },
  required: keys<LoginResult>('token', 'expires_at'),
} as const;

export const systemSettingsSchema = {
  type: 'object',
  properties: {
    max_upload_size: { type: 'number', exclusiveMinimum: 0 },
    webdav_upload_mode: { type: 'string', enum: [...WEBDAV_UPLOAD_MODES] },
  },
  required: keys<SystemSettings>('max_upload_size', 'webdav_upload_mode'),
} as const;

export const storageConfigViewSchema = {
  type: 'object',
  properties: {
    id: str,
    name: str,
    provider_type: { type: 'string', enum: [...STORAGE_PROVIDERS] },
    is_public: bool,
    is_default: bool,
    total_storage_bytes: { type: 'integer', nullable: true },
    created_at: str,
    updated_at: str,
  },
  required: keys<StorageConfigSummary>(
    'id',
    'name',
    'provider_type',
    'is_public',
    'is_default',
    'total_storage_bytes',
    'created_at',
    'updated_at',
  ),
} as const;
export const storageConfigListSchema = listOf(storageConfigViewSchema);

export const taskSchema = {
  type: 'object',
  properties: {
    id: str,
    type: { type: 'string', enum: [...TASK_TYPES] },
    status: { type: 'string', enum: [...TASK_STATUSES] },
    progress: { type: 'number', minimum: 0, maximum: 100 },
    current_file: nullableStr,
    total: int,
    success: int,
    skipped: int,
    failed: int,
    bytes_done: { type: 'number' },
    bytes_total: { type: 'number' },
    created_at: str,
    updated_at: str,
    completed_at: nullableStr,
    error: nullableStr,
    owner: str,
    cancel_requested: bool,
    results: { type: 'array', items: { type: 'object' } },
  },
  required: keys<Task>(
    'id',
    'type',
    'status',
    'progress',
    'total',
    'created_at',
    'owner',
    'cancel_requested',
  ),
} as const;
export const taskListSchema = listOf(taskSchema);
