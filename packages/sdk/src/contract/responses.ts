/**
 * Schemas of answer data (the `data` of the envelope) for the OpenAPI document and the contract tests.
 * `required` lists are checked against the SDK's interfaces.
 */
import type { PasteCreated, PasteRecord, PasteView } from './pastes.ts';

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

export const pasteListSchema = {
  type: 'object',
  properties: {
    items: { type: 'array', items: pasteRecordSchema },
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
