/** Path shares (links.md "Path shares"): a link to a file or folder inside a mount. */
import type { JSONSchemaType } from 'ajv';
import { SLUG_MAX } from '../constants.ts';
import { SLUG_PATTERN } from '../validation.ts';

export type PathShareKind = 'file' | 'folder';

/** Seconds; `0` or absent = the server's default (never), `-1` = never. */
export const PATH_SHARE_EXPIRES_MAX_S = 100 * 365 * 24 * 3600;

export interface CreatePathShareBody {
  /** A virtual path the caller may read (a file or a folder). */
  path: string;
  slug?: string;
  password?: string;
  expires_in?: number;
  /** 0 = unlimited. */
  max_views?: number;
  remark?: string;
}

const slug = {
  type: 'string',
  minLength: 1,
  maxLength: SLUG_MAX,
  pattern: SLUG_PATTERN,
  nullable: true,
} as const;
const expiresIn = {
  type: 'integer',
  minimum: -1,
  maximum: PATH_SHARE_EXPIRES_MAX_S,
  nullable: true,
} as const;
const maxViews = { type: 'integer', minimum: 0, maximum: 1_000_000_000, nullable: true } as const;
const remark = { type: 'string', maxLength: 1000, nullable: true } as const;
const password = { type: 'string', minLength: 1, maxLength: 200, nullable: true } as const;

export const createPathShareBodySchema: JSONSchemaType<CreatePathShareBody> = {
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1, maxLength: 4096 },
    slug,
    password,
    expires_in: expiresIn,
    max_views: maxViews,
    remark,
  },
  required: ['path'],
  additionalProperties: false,
};

export interface UpdatePathShareBody {
  /** A new link suffix (409 when taken): the old link stops working. */
  slug?: string;
  /** A string sets the password, null clears it. */
  password?: string | null;
  /** Seconds from now; `0` = the default (never), `-1` = never. */
  expires_in?: number | null;
  max_views?: number | null;
  /** null clears. */
  remark?: string | null;
}

export const updatePathShareBodySchema: JSONSchemaType<UpdatePathShareBody> = {
  type: 'object',
  properties: { slug, password, expires_in: expiresIn, max_views: maxViews, remark },
  additionalProperties: false,
  minProperties: 1,
};

export interface PathShareListQuery {
  limit?: number;
  offset?: number;
  /** Only the shares of this exact virtual path (the explorer's "existing links"). */
  path?: string;
}

export const pathShareListQuerySchema: JSONSchemaType<PathShareListQuery> = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 200, nullable: true },
    offset: { type: 'integer', minimum: 0, nullable: true },
    path: { type: 'string', minLength: 1, maxLength: 4096, nullable: true },
  },
  additionalProperties: false,
};

export interface PathShareRecord {
  id: string;
  slug: string;
  /** `{public origin}/s/{slug}`. */
  url: string;
  path: string;
  kind: PathShareKind;
  requires_password: boolean;
  expires_at: string | null;
  max_views: number;
  views: number;
  remark: string | null;
  created_by: string;
  created_at: string;
}

export interface PathShareList {
  items: PathShareRecord[];
  total: number;
}

/** `GET /public/s/{slug}`: a counted visit; `token` opens list, download and ZIP for an hour. */
export interface PathShareVisit {
  slug: string;
  kind: PathShareKind;
  /** The shared file's or folder's name. */
  name: string;
  requires_password: boolean;
  expires_at: string | null;
  token?: string;
}

/** A protected share visited without a token (the 401's data). */
export interface PathShareLocked {
  requires_password: true;
}

export interface PathShareTokenAnswer {
  token: string;
}

/** `path` of the public list, download and ZIP: relative to the shared folder, `/` its root. */
export interface PathShareSubQuery {
  path?: string;
  token?: string;
  /** The list's paging, as on `/api/fs/list`. */
  cursor?: string;
  limit?: number;
}

export const pathShareSubQuerySchema: JSONSchemaType<PathShareSubQuery> = {
  type: 'object',
  properties: {
    path: { type: 'string', maxLength: 4096, nullable: true },
    token: { type: 'string', maxLength: 200, nullable: true },
    cursor: { type: 'string', maxLength: 4096, nullable: true },
    limit: { type: 'integer', minimum: 1, maximum: 1000, nullable: true },
  },
  additionalProperties: false,
};
