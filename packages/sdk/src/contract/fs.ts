/**
 * The virtual file system (`/admin/fs/*`, `/user/fs/*`): items, listings and the bodies and queries of its
 * calls. Paths are virtual: `/`-rooted, the first segments name a mount (`/s3/photos/a.jpg`).
 */
import type { JSONSchemaType } from 'ajv';
import { DEFAULT_FILE_LINK_EXPIRY_S } from '../constants.ts';

export const FS_ITEM_TYPES = [
  'folder',
  'file',
  'image',
  'video',
  'audio',
  'document',
  'archive',
  'code',
] as const;
export type FsItemType = (typeof FS_ITEM_TYPES)[number];

/** Largest page of a listing; a folder is listed whole by following `next_cursor`. */
export const FS_LIST_MAX_LIMIT = 1000;
/** Largest text an `update` (text save) may write, bytes. */
export const FS_UPDATE_MAX_BYTES = 10 * 1024 * 1024;
/** Default and longest lifetime of a `file-link`, seconds. */
export const FS_FILE_LINK_DEFAULT_S = DEFAULT_FILE_LINK_EXPIRY_S;
export const FS_FILE_LINK_MAX_S = 604_800;
export const FS_PATH_MAX = 4096;

export interface FsItem {
  name: string;
  /** Virtual path; folders carry no trailing slash. */
  path: string;
  type: FsItemType;
  /** Bytes; null for folders (never totalled by a recursive scan). */
  size: number | null;
  /** ISO 8601, or null when the storage does not say (folders on S3, virtual folders). */
  modified: string | null;
  etag: string | null;
  mimetype: string | null;
  /** True for a mount's root and for virtual folders above mounts. */
  is_mount: boolean;
}

export interface FsListResult {
  path: string;
  /** True when the folder is above the mounts (it only shows mounts and the way to them). */
  is_virtual: boolean;
  items: FsItem[];
  /** Pass back as `cursor` for the next page; null when the folder has been listed whole. */
  next_cursor: string | null;
}

export interface FsGetResult extends FsItem {
  /** Short-lived signed links usable without an auth header (`<img>`, `<video>`); null for folders. */
  download_url: string | null;
  preview_url: string | null;
  /** An HTML file's preview rendered in a script-only sandbox, for a frame; null for anything else. */
  render_url: string | null;
}

export interface FsBatchRemoveResult {
  removed: string[];
  failed: { path: string; error: string }[];
}

export interface FsFileLinkResult {
  url: string;
  expires_at: string;
}

export interface FsUploadResult {
  item: FsItem;
}

/** Files one `POST .../fs/upload-batch` takes (ADR 0093). */
export const FS_BATCH_MAX_FILES = 100;

/** A file of a batch that was not written (nothing of it is left in storage). */
export interface FsBatchUploadFailure {
  /** The part's file name as sent: the path relative to the batch's folder. */
  name: string;
  /** The status a single upload of this file would have answered (400, 403, 409, 413, ...). */
  status: number;
  message: string;
}

/** `POST .../fs/upload-batch`: the files written, in the form's order, and the ones that were not. */
export interface FsBatchUploadResult {
  items: FsItem[];
  failed: FsBatchUploadFailure[];
}

const path = { type: 'string', minLength: 1, maxLength: FS_PATH_MAX } as const;

export interface FsPathQuery {
  path: string;
}
export const fsPathQuerySchema: JSONSchemaType<FsPathQuery> = {
  type: 'object',
  properties: { path },
  required: ['path'],
  additionalProperties: false,
};

export interface FsListQuery {
  path: string;
  cursor?: string;
  limit?: number;
  refresh?: boolean;
}
export const fsListQuerySchema: JSONSchemaType<FsListQuery> = {
  type: 'object',
  properties: {
    path,
    cursor: { type: 'string', minLength: 1, maxLength: 4096, nullable: true },
    limit: { type: 'integer', minimum: 1, maximum: FS_LIST_MAX_LIMIT, nullable: true },
    refresh: { type: 'boolean', nullable: true },
  },
  required: ['path'],
  additionalProperties: false,
};

export interface FsMkdirBody {
  path: string;
  /** Creates missing parent folders instead of answering 409. */
  create_parents?: boolean;
}
export const fsMkdirBodySchema: JSONSchemaType<FsMkdirBody> = {
  type: 'object',
  properties: { path, create_parents: { type: 'boolean', nullable: true } },
  required: ['path'],
  additionalProperties: false,
};

export interface FsBatchRemoveBody {
  paths: string[];
}
export const fsBatchRemoveBodySchema: JSONSchemaType<FsBatchRemoveBody> = {
  type: 'object',
  properties: { paths: { type: 'array', items: path, minItems: 1, maxItems: 1000 } },
  required: ['paths'],
  additionalProperties: false,
};

export interface FsRenameBody {
  oldPath: string;
  newPath: string;
}
export const fsRenameBodySchema: JSONSchemaType<FsRenameBody> = {
  type: 'object',
  properties: { oldPath: path, newPath: path },
  required: ['oldPath', 'newPath'],
  additionalProperties: false,
};

export interface FsUpdateBody {
  path: string;
  content: string;
}
export const fsUpdateBodySchema: JSONSchemaType<FsUpdateBody> = {
  type: 'object',
  properties: { path, content: { type: 'string', maxLength: FS_UPDATE_MAX_BYTES } },
  required: ['path', 'content'],
  additionalProperties: false,
};

export interface FsFileLinkQuery {
  path: string;
  expires_in?: number;
  force_download?: boolean;
}
export const fsFileLinkQuerySchema: JSONSchemaType<FsFileLinkQuery> = {
  type: 'object',
  properties: {
    path,
    expires_in: { type: 'integer', minimum: 1, maximum: FS_FILE_LINK_MAX_S, nullable: true },
    force_download: { type: 'boolean', nullable: true },
  },
  required: ['path'],
  additionalProperties: false,
};

/** The FormData fields of `POST .../fs/upload` besides `file` (in any order). */
export interface FsUploadFields {
  /** Target folder. */
  path: string;
  use_multipart?: boolean;
  create_parents?: boolean;
}

/** The FormData fields of `POST .../fs/upload-batch`, before its `file` parts (ADR 0093). */
export interface FsUploadBatchFields {
  /** Target folder; must come before the first file part. */
  path: string;
  create_parents?: boolean;
}

/** The query of a signed `PUT /api/fs/put` link (a client-side copy's upload URL on local storage). */
export interface FsSignedPutQuery {
  path: string;
  /** The body's exact length in bytes: part of the signature. */
  size: string;
  /** Who issued the link (`admin:<id>` or `apikey:<id>`): checked again on use. */
  by: string;
  /** The link's single-use id: a second PUT with it is refused. */
  n: string;
  exp: string;
  sig: string;
}
/** The issuer of a signed link: `admin:<id>` or `apikey:<id>`. */
export const SIGNED_LINK_ISSUER = { type: 'string', pattern: '^(admin|apikey):[A-Za-z0-9-]{1,64}$' } as const;
export const fsSignedPutQuerySchema: JSONSchemaType<FsSignedPutQuery> = {
  type: 'object',
  properties: {
    path,
    size: { type: 'string', pattern: '^\\d{1,15}$' },
    by: SIGNED_LINK_ISSUER,
    n: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$' },
    exp: { type: 'string', pattern: '^\\d{1,12}$' },
    sig: { type: 'string', minLength: 1, maxLength: 200 },
  },
  required: ['path', 'size', 'by', 'n', 'exp', 'sig'],
  additionalProperties: false,
};

/** The query of a signed `/api/fs/download|preview` link. */
export interface FsSignedQuery {
  path: string;
  /** Who issued the link (`admin:<id>` or `apikey:<id>`): checked again on use. */
  by: string;
  exp: string;
  sig: string;
  /**
   * `html` on a preview link: an HTML file rendered in a script-only sandbox (an opaque origin). Part of
   * the signature: only a `render_url` carries it.
   */
  render?: 'html';
}
export const fsSignedQuerySchema: JSONSchemaType<FsSignedQuery> = {
  type: 'object',
  properties: {
    path,
    by: SIGNED_LINK_ISSUER,
    exp: { type: 'string', pattern: '^\\d{1,12}$' },
    sig: { type: 'string', minLength: 1, maxLength: 200 },
    render: { type: 'string', enum: ['html'], nullable: true },
  },
  required: ['path', 'by', 'exp', 'sig'],
  additionalProperties: false,
};
