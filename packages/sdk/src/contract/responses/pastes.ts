/** Answers of the text-share routes (`/paste`, `/admin/pastes`, `/user/pastes`). */
import type { PasteCreated, PasteLocked, PasteRecord, PasteView } from '../pastes.ts';
import { shapeOf } from './shape.ts';

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
  encrypted: { type: 'boolean' },
} as const;

export const pasteViewSchema = {
  type: 'object',
  properties: { ...pasteViewProperties, token: { type: 'string' }, id: { type: 'string' } },
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

/** A password-protected share read without its password. */
export const pasteLockedSchema = shapeOf<PasteLocked>()(
  { slug: { type: 'string' }, requires_password: { const: true } },
  ['slug', 'requires_password'],
);
