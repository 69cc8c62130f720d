/**
 * Upload requests (links.md "Upload requests"): a link through which anyone may upload into a mount
 * folder, in resumable sessions of parts of at most 5 MiB, within the limits the owner set.
 */
import type { JSONSchemaType } from 'ajv';
import { SLUG_MAX } from '../constants.ts';
import { SLUG_PATTERN } from '../validation.ts';
import { FS_PATH_MAX } from './fs.ts';
import { FS_UPLOAD_MAX_BYTES } from './fsUploads.ts';

/** Every part but the last has exactly this many bytes: each request stays far under a proxy's 100 MB. */
export const UPLOAD_REQUEST_PART_BYTES = 5 * 1024 * 1024;
/** The most parts a request upload may have (S3's limit), so its largest file is 10 000 parts. */
export const UPLOAD_REQUEST_MAX_PARTS = 10_000;
/** `expires_in` 0 or absent: a request stays open this long (seconds; ADR 0053). */
export const UPLOAD_REQUEST_DEFAULT_EXPIRY_S = 7 * 24 * 3600;
/** The header every call of an upload session sends back. */
export const UPLOAD_TOKEN_HEADER = 'X-Upload-Token';
/** The header carrying a share-access token (the answer of verify). */
export const SHARE_TOKEN_HEADER = 'X-Share-Token';

/**
 * Whether a request whose `allowed_types` are these takes a file of this name and type: extensions
 * compare without case, `image/*` takes any image type, `application/pdf` that type only; none = any.
 */
export function uploadTypeAllowed(
  allowed: readonly string[],
  filename: string,
  contentType: string,
): boolean {
  if (allowed.length === 0) return true;
  const lowerName = filename.toLowerCase();
  const type = contentType.split(';')[0].trim().toLowerCase();
  return allowed.some((entry) => {
    const e = entry.toLowerCase();
    if (e.startsWith('.')) return lowerName.endsWith(e) && lowerName.length > e.length;
    if (e.endsWith('/*')) return type.startsWith(e.slice(0, -1));
    return type === e;
  });
}

/** Which limit a 413 of an upload request names (`data.limit`). */
export type UploadRequestLimitName = 'max_files' | 'max_file_bytes' | 'max_total_bytes';

export interface UploadRequestLimits {
  /** null: no limit. */
  max_files: number | null;
  max_file_bytes: number | null;
  max_total_bytes: number | null;
  /** Extensions (`.pdf`) or MIME patterns (`image/*`); empty: any type. */
  allowed_types: string[];
}

export interface CreateUploadRequestBody {
  /** The folder files land in (a virtual path; it must exist). */
  path: string;
  slug?: string;
  title?: string;
  message?: string;
  password?: string;
  /** Seconds; 0 or absent = the default (7 days), -1 = never. */
  expires_in?: number;
  max_files?: number | null;
  max_file_bytes?: number | null;
  max_total_bytes?: number | null;
  allowed_types?: string[];
}

export interface UpdateUploadRequestBody {
  /** null clears. */
  title?: string | null;
  message?: string | null;
  /** A string sets the password, null clears it. */
  password?: string | null;
  expires_in?: number;
  max_files?: number | null;
  max_file_bytes?: number | null;
  max_total_bytes?: number | null;
  allowed_types?: string[];
}

const text = (max: number) => ({ type: 'string', maxLength: max, nullable: true }) as const;
const limit = (max: number) => ({ type: 'integer', minimum: 1, maximum: max, nullable: true }) as const;
const expiresIn = { type: 'integer', minimum: -1, maximum: 100 * 365 * 24 * 3600, nullable: true } as const;
const allowedTypes = {
  type: 'array',
  items: {
    type: 'string',
    minLength: 2,
    maxLength: 100,
    pattern: '^(\\.[^/\\\\\\s]+|[\\w.+-]+/(\\*|[\\w.+-]+))$',
  },
  maxItems: 100,
  nullable: true,
} as const;
const limitProperties = {
  max_files: limit(1_000_000),
  max_file_bytes: limit(FS_UPLOAD_MAX_BYTES),
  max_total_bytes: limit(Number.MAX_SAFE_INTEGER),
  allowed_types: allowedTypes,
} as const;

export const createUploadRequestBodySchema: JSONSchemaType<CreateUploadRequestBody> = {
  type: 'object',
  properties: {
    path: { type: 'string', minLength: 1, maxLength: FS_PATH_MAX },
    slug: { type: 'string', minLength: 1, maxLength: SLUG_MAX, pattern: SLUG_PATTERN, nullable: true },
    title: text(200),
    message: text(2000),
    password: { type: 'string', minLength: 1, maxLength: 200, nullable: true },
    expires_in: expiresIn,
    ...limitProperties,
  },
  required: ['path'],
  additionalProperties: false,
} as JSONSchemaType<CreateUploadRequestBody>;

export const updateUploadRequestBodySchema: JSONSchemaType<UpdateUploadRequestBody> = {
  type: 'object',
  properties: {
    title: text(200),
    message: text(2000),
    password: { type: 'string', minLength: 1, maxLength: 200, nullable: true },
    expires_in: expiresIn,
    ...limitProperties,
  },
  additionalProperties: false,
  minProperties: 1,
} as JSONSchemaType<UpdateUploadRequestBody>;

export interface UploadRequestListQuery {
  limit?: number;
  offset?: number;
}
export const uploadRequestListQuerySchema: JSONSchemaType<UploadRequestListQuery> = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 1000, nullable: true },
    offset: { type: 'integer', minimum: 0, nullable: true },
  },
  additionalProperties: false,
};

/** A file that arrived through a request. */
export interface UploadRequestReceived {
  name: string;
  /** Its virtual path as it landed (the owner may have moved it since). */
  path: string;
  size: number;
  uploaded_at: string;
  /** The name the uploader gave (null: none). */
  uploader: string | null;
}

export interface UploadRequestRecord {
  id: string;
  slug: string;
  url: string;
  path: string;
  title: string | null;
  message: string | null;
  requires_password: boolean;
  expires_at: string | null;
  limits: UploadRequestLimits;
  files_received: number;
  bytes_received: number;
  created_by: string;
  created_at: string;
}

export interface UploadRequestDetail extends UploadRequestRecord {
  received: UploadRequestReceived[];
}

/** What an uploader sees of a request (`GET /api/public/r/{slug}`). */
export interface UploadRequestInfo {
  title: string | null;
  message: string | null;
  requires_password: boolean;
  expires_at: string | null;
  limits: UploadRequestLimits;
  /** What may still arrive (null: no limit), counting uploads in flight. */
  remaining: { files: number | null; bytes: number | null };
}

export interface UploadRequestLocked {
  requires_password: true;
}

export interface ShareTokenResult {
  token: string;
}

export interface RequestUploadStartBody {
  filename: string;
  size: number;
  contentType?: string;
  /** Who is uploading, as they wish to be named to the owner. */
  uploader?: string;
}
export const requestUploadStartBodySchema: JSONSchemaType<RequestUploadStartBody> = {
  type: 'object',
  properties: {
    filename: { type: 'string', minLength: 1, maxLength: 1000 },
    size: { type: 'integer', minimum: 0, maximum: FS_UPLOAD_MAX_BYTES },
    contentType: { type: 'string', maxLength: 255, nullable: true },
    uploader: { type: 'string', maxLength: 200, nullable: true },
  },
  required: ['filename', 'size'],
  additionalProperties: false,
};

export interface RequestUploadStarted {
  uploadId: string;
  /** Send back as `X-Upload-Token` with every later call of this upload. */
  uploadToken: string;
  partSize: number;
  /** How many parts the file has (numbered from 1). */
  parts: number;
}

export interface RequestUploadStatus {
  /** Parts already stored. */
  parts: number[];
}

export interface RequestUploadDone {
  /** The name the file landed under (a clash gets ` (1)`, ` (2)`, ...). */
  name: string;
  size: number;
}
