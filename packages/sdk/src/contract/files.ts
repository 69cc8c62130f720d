/**
 * File shares: upload (direct FormData, presigned PUT, presigned multipart), the public reads and the
 * management calls. Sizes are bytes, `expires_in` hours (fractions allowed; absent or 0 = never).
 */
import type { JSONSchemaType } from 'ajv';
import { SLUG_MAX } from '../constants.ts';
import { SLUG_PATTERN } from '../validation.ts';

const slug = {
  type: 'string',
  minLength: 1,
  maxLength: SLUG_MAX,
  pattern: SLUG_PATTERN,
  nullable: true,
} as const;
const remark = { type: 'string', maxLength: 1000, nullable: true } as const;
const password = { type: 'string', minLength: 1, maxLength: 200, nullable: true } as const;
const expiresIn = { type: 'number', minimum: 0, maximum: 24 * 365 * 100, nullable: true } as const;
const maxViews = { type: 'integer', minimum: 0, maximum: 1_000_000_000, nullable: true } as const;
const configId = { type: 'string', minLength: 1, maxLength: 100, nullable: true } as const;
const filename = { type: 'string', minLength: 1, maxLength: 1000 } as const;
const mimetype = { type: 'string', minLength: 1, maxLength: 255, nullable: true } as const;
const storagePath = { type: 'string', maxLength: 1024, nullable: true } as const;
const size = { type: 'integer', minimum: 0, maximum: 5 * 1024 ** 4 } as const;
const fileId = { type: 'string', minLength: 1, maxLength: 100 } as const;
const uploadId = { type: 'string', minLength: 1, maxLength: 2048 } as const;

/** The share settings every way of uploading accepts. */
export interface ShareFields {
  slug?: string;
  remark?: string;
  password?: string;
  /** Hours from when the share becomes ready; absent or 0 = never. */
  expires_in?: number;
  /** 0 = unlimited. */
  max_views?: number;
  /**
   * End-to-end encrypted (docs/e2e-format.md): the bytes are a stream the client encrypted, with the
   * real name and type inside. Decided when the upload starts; a commit cannot change it.
   */
  encrypted?: boolean;
}
export const shareFieldProperties = {
  slug,
  remark,
  password,
  expires_in: expiresIn,
  max_views: maxViews,
  encrypted: { type: 'boolean', nullable: true },
} as const;

/**
 * `POST /upload` FormData fields (all strings on the wire). `s3_config_id` and `path` decide where the
 * bytes go, so they must come before the `file` part (the SDK sends them first).
 */
export interface UploadFormFields {
  s3_config_id?: string;
  path?: string;
  mimetype?: string;
  slug?: string;
  remark?: string;
  password?: string;
  expires_in?: number;
  max_views?: number;
  encrypted?: boolean;
}

/** Validates FormData fields once their strings are coerced (numbers from "24", "3"). */
export const uploadFormFieldsSchema: JSONSchemaType<UploadFormFields> = {
  type: 'object',
  properties: {
    s3_config_id: configId,
    path: storagePath,
    mimetype,
    ...shareFieldProperties,
  },
  additionalProperties: false,
};

/** What every upload answers once the share is ready. */
export interface FileShareCreated {
  id: string;
  slug: string;
  filename: string;
  size: number;
  mimetype: string;
  /** The web link `/file/{slug}`. */
  url: string;
  expires_at: string | null;
  max_views: number;
  /** End-to-end encrypted: the stored bytes are ciphertext (docs/e2e-format.md). */
  encrypted: boolean;
}

export interface PresignBody extends ShareFields {
  s3_config_id?: string;
  filename: string;
  mimetype?: string;
  /** A folder below the storage config's root, e.g. "/docs". */
  path?: string;
  size: number;
}
export const presignBodySchema: JSONSchemaType<PresignBody> = {
  type: 'object',
  properties: {
    s3_config_id: configId,
    filename,
    mimetype,
    path: storagePath,
    size,
    ...shareFieldProperties,
  },
  required: ['filename', 'size'],
  additionalProperties: false,
};

export interface PresignResult {
  upload_url: string;
  file_id: string;
  storage_path: string;
  /** The object's permanent (unsigned) URL. */
  s3_url: string;
  slug: string;
  provider_type: string;
  /** The Content-Type the PUT must carry. */
  contentType: string;
  /** When `upload_url` stops working and the pending upload is swept. */
  expires_at: string;
}

/**
 * `POST /s3/commit` and `POST /url/commit`: the pending upload is identified by `file_id`; the placement
 * fields, when given, must match it (they are checked, not applied); the share fields override the ones
 * given at presign time.
 */
export interface CommitBody extends ShareFields {
  file_id: string;
  s3_config_id?: string;
  storage_path?: string;
  s3_url?: string;
  filename?: string;
  mimetype?: string;
  size?: number;
  etag?: string;
}
export const commitBodySchema: JSONSchemaType<CommitBody> = {
  type: 'object',
  properties: {
    file_id: fileId,
    s3_config_id: configId,
    storage_path: storagePath,
    s3_url: { type: 'string', maxLength: 4096, nullable: true },
    filename: { ...filename, nullable: true },
    mimetype,
    size: { ...size, nullable: true },
    etag: { type: 'string', maxLength: 200, nullable: true },
    ...shareFieldProperties,
  },
  required: ['file_id'],
  additionalProperties: false,
};

export interface MultipartInitBody extends ShareFields {
  s3_config_id?: string;
  filename: string;
  mimetype?: string;
  path?: string;
  size: number;
}
export const multipartInitBodySchema: JSONSchemaType<MultipartInitBody> = {
  type: 'object',
  properties: {
    s3_config_id: configId,
    filename,
    mimetype,
    path: storagePath,
    size,
    ...shareFieldProperties,
  },
  required: ['filename', 'size'],
  additionalProperties: false,
};

export interface PartUrl {
  partNumber: number;
  url: string;
}

export interface MultipartInitResult {
  file_id: string;
  upload_id: string;
  storage_path: string;
  slug: string;
  provider_type: string;
  contentType: string;
  /** Every part but the last has exactly this many bytes. */
  part_size: number;
  part_count: number;
  part_urls: PartUrl[];
  /** When the part URLs stop working. */
  urls_expire_at: string;
  /** When an unfinished upload is swept. */
  expires_at: string;
}

export interface MultipartPartsBody {
  file_id: string;
  upload_id: string;
  part_numbers: number[];
}
export const multipartPartsBodySchema: JSONSchemaType<MultipartPartsBody> = {
  type: 'object',
  properties: {
    file_id: fileId,
    upload_id: uploadId,
    part_numbers: {
      type: 'array',
      items: { type: 'integer', minimum: 1, maximum: 10_000 },
      minItems: 1,
      maxItems: 10_000,
    },
  },
  required: ['file_id', 'upload_id', 'part_numbers'],
  additionalProperties: false,
};

export interface MultipartPartsResult {
  part_urls: PartUrl[];
  urls_expire_at: string;
}

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

export interface MultipartCompleteBody extends ShareFields {
  file_id: string;
  upload_id: string;
  parts: CompletedPart[];
}
export const multipartCompleteBodySchema: JSONSchemaType<MultipartCompleteBody> = {
  type: 'object',
  properties: {
    file_id: fileId,
    upload_id: uploadId,
    parts: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          partNumber: { type: 'integer', minimum: 1, maximum: 10_000 },
          etag: { type: 'string', minLength: 1, maxLength: 200 },
        },
        required: ['partNumber', 'etag'],
        additionalProperties: false,
      },
      minItems: 1,
      maxItems: 10_000,
    },
    ...shareFieldProperties,
  },
  required: ['file_id', 'upload_id', 'parts'],
  additionalProperties: false,
};

export interface MultipartAbortBody {
  file_id: string;
  upload_id: string;
}
export const multipartAbortBodySchema: JSONSchemaType<MultipartAbortBody> = {
  type: 'object',
  properties: { file_id: fileId, upload_id: uploadId },
  required: ['file_id', 'upload_id'],
  additionalProperties: false,
};

export interface AbortResult {
  /** False when the store did not confirm the abort (the record is removed either way). */
  aborted: boolean;
}

/** What a reader sees of a ready share after a counted view. */
export interface PublicFileView {
  slug: string;
  filename: string;
  mimetype: string;
  size: number;
  remark: string | null;
  created_at: string;
  expires_at: string | null;
  max_views: number;
  views: number;
  has_password: boolean;
  /** End-to-end encrypted: download and decrypt with the key in the link's fragment. */
  encrypted: boolean;
  /** Signed link to `/api/file-download/{slug}` (attachment). */
  download_url: string;
  /** Signed link to `/api/file-view/{slug}` (inline where safe). */
  preview_url: string;
  /** Signed link to `/api/office-preview/{slug}`. */
  office_preview_url: string;
  /** When the signed links stop working. */
  links_expire_at: string;
  /** Only in the owner's own read (the admin, or the key that made it): the share's id, for its access log. */
  id?: string;
}

export interface FileLocked {
  slug: string;
  requires_password: true;
}

export interface OfficePreview {
  microsoft_url: string;
  google_url: string;
  /** The temporary public download link both are built on. */
  url: string;
  expires_at: string;
}

/** What the management API shows of a share. */
export interface FileRecord {
  id: string;
  slug: string;
  filename: string;
  mimetype: string;
  size: number;
  /** The folder the share was uploaded to ("/" = the config's root). */
  path: string;
  storage_path: string;
  s3_config_id: string;
  etag: string | null;
  remark: string | null;
  has_password: boolean;
  expires_at: string | null;
  max_views: number;
  views: number;
  created_by: string;
  created_at: string;
  updated_at: string;
  url: string;
  /**
   * A used-up share keeps serving the links its last views handed out for an hour (ADR 0003): when
   * those have lapsed and the sweep removes it. Null while the share is not used up.
   */
  removed_after: string | null;
  encrypted: boolean;
}

export interface FileListQuery {
  limit?: number;
  offset?: number;
  /** Matches filename, slug or remark, case-insensitively. */
  search?: string;
  sort?: 'created_at' | 'size';
  order?: 'asc' | 'desc';
}
export const fileListQuerySchema: JSONSchemaType<FileListQuery> = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 1000, nullable: true },
    offset: { type: 'integer', minimum: 0, nullable: true },
    search: { type: 'string', maxLength: 200, nullable: true },
    sort: { type: 'string', enum: ['created_at', 'size'], nullable: true },
    order: { type: 'string', enum: ['asc', 'desc'], nullable: true },
  },
  additionalProperties: false,
};

export interface UpdateFileBody {
  slug?: string;
  /** null clears. */
  remark?: string | null;
  /** A string sets the password, null clears it. */
  password?: string | null;
  /** Hours from now; 0 or null = never. */
  expires_in?: number | null;
  /** 0 (or null) = unlimited. */
  max_views?: number | null;
}
export const updateFileBodySchema: JSONSchemaType<UpdateFileBody> = {
  type: 'object',
  properties: { slug, remark, password, expires_in: expiresIn, max_views: maxViews },
  additionalProperties: false,
  minProperties: 1,
};
