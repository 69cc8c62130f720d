import type { JSONSchemaType } from 'ajv';
import { SLUG_MAX } from '../constants.ts';
import { SLUG_PATTERN } from '../validation.ts';

export type PasteFormat = 'markdown' | 'text';

export interface CreatePasteBody {
  content: string;
  slug?: string;
  title?: string;
  remark?: string;
  password?: string;
  /** Hours, fractions allowed; absent or 0 = never. */
  expires_in?: number;
  /** 0 = unlimited. */
  max_views?: number;
  format?: PasteFormat;
  /**
   * End-to-end encrypted: `content` is the base64url of an encrypted stream (docs/e2e-format.md) made
   * by the client, whose key stays in the link's fragment. Title and format then travel inside it.
   */
  encrypted?: boolean;
}

const slug = {
  type: 'string',
  minLength: 1,
  maxLength: SLUG_MAX,
  pattern: SLUG_PATTERN,
  nullable: true,
} as const;
const title = { type: 'string', maxLength: 200, nullable: true } as const;
const remark = { type: 'string', maxLength: 1000, nullable: true } as const;
const expiresIn = { type: 'number', minimum: 0, maximum: 24 * 365 * 100, nullable: true } as const;
const maxViews = { type: 'integer', minimum: 0, maximum: 1_000_000_000, nullable: true } as const;
const format = { type: 'string', enum: ['markdown', 'text'], nullable: true } as const;

export const createPasteBodySchema: JSONSchemaType<CreatePasteBody> = {
  type: 'object',
  properties: {
    content: { type: 'string' },
    slug,
    title,
    remark,
    password: { type: 'string', minLength: 1, maxLength: 200, nullable: true },
    expires_in: expiresIn,
    max_views: maxViews,
    format,
    encrypted: { type: 'boolean', nullable: true },
  },
  required: ['content'],
  additionalProperties: false,
};

export interface UpdatePasteBody {
  content?: string;
  slug?: string;
  /** null clears. */
  title?: string | null;
  /** null clears. */
  remark?: string | null;
  /** A string sets the password, null clears it. */
  password?: string | null;
  /** Hours from now; 0 or null = never. */
  expires_in?: number | null;
  /** 0 (or null) = unlimited. */
  max_views?: number | null;
  format?: PasteFormat;
}
export const updatePasteBodySchema: JSONSchemaType<UpdatePasteBody> = {
  type: 'object',
  properties: {
    content: { type: 'string', nullable: true },
    slug,
    title,
    remark,
    password: { type: 'string', minLength: 1, maxLength: 200, nullable: true },
    expires_in: expiresIn,
    max_views: maxViews,
    format,
  },
  additionalProperties: false,
  minProperties: 1,
};

export interface PasswordBody {
  password: string;
}
export const passwordBodySchema: JSONSchemaType<PasswordBody> = {
  type: 'object',
  properties: { password: { type: 'string', minLength: 1, maxLength: 200 } },
  required: ['password'],
  additionalProperties: false,
};

/** Listing: `page`/`limit` or `limit`/`offset` (the answer echoes whichever was asked), newest first by default. */
export interface PasteListQuery {
  page?: number;
  limit?: number;
  offset?: number;
  /** Matches slug, title, remark or content, case-insensitively. */
  search?: string;
  order?: 'asc' | 'desc';
}
export const pasteListQuerySchema: JSONSchemaType<PasteListQuery> = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, nullable: true },
    limit: { type: 'integer', minimum: 1, maximum: 1000, nullable: true },
    offset: { type: 'integer', minimum: 0, nullable: true },
    search: { type: 'string', maxLength: 200, nullable: true },
    order: { type: 'string', enum: ['asc', 'desc'], nullable: true },
  },
  additionalProperties: false,
};

/** `POST /admin/pastes/clear-expired`: the body is optional; `clearExpired: false` changes nothing. */
export interface ClearExpiredBody {
  clearExpired?: boolean;
}
export const clearExpiredBodySchema: JSONSchemaType<ClearExpiredBody> = {
  type: 'object',
  properties: { clearExpired: { type: 'boolean', nullable: true } },
  additionalProperties: false,
};

export interface PasteCreated {
  id: string;
  slug: string;
  url: string;
  raw_url: string;
  expires_at: string | null;
  max_views: number;
  created_at: string;
}

/** What a reader sees of a share. */
export interface PasteView {
  slug: string;
  title: string | null;
  content: string;
  remark: string | null;
  format: PasteFormat;
  created_at: string;
  expires_at: string | null;
  max_views: number;
  views: number;
  has_password: boolean;
  /** End-to-end encrypted: `content` is ciphertext (base64url) the server cannot read. */
  encrypted: boolean;
  /**
   * Only in the answer to an unlock with the right password: the share's access token, valid for an
   * hour, for its raw link (`/raw/{slug}?token=`) instead of the password.
   */
  token?: string;
  /** Only in the owner's own read (the admin, or the key that made it): the share's id, for its access log. */
  id?: string;
}

export interface PasteLocked {
  slug: string;
  requires_password: true;
}

/** What the management API shows of a share. */
export interface PasteRecord extends Omit<PasteView, 'has_password' | 'token'> {
  id: string;
  has_password: boolean;
  created_by: string;
  updated_at: string;
  url: string;
  raw_url: string;
}

/** How many characters of a share's text a list shows. */
export const PASTE_PREVIEW_CHARS = 120;

/**
 * A share in a list (`GET /admin/pastes`, `/user/pastes`): the record without its text, plus a short
 * preview (null for a protected share). The whole text comes only from `GET .../pastes/{id}`.
 */
export interface PasteListItem extends Omit<PasteRecord, 'content'> {
  preview: string | null;
}

export interface ClearExpiredResult {
  deleted: number;
}
