/**
 * Batch copy (`POST .../fs/batch-copy`) and the client-side copy's commit (`POST .../fs/batch-copy-commit`).
 * A copy item names the source and what it becomes: `targetPath` is the full path of the copy, not the
 * folder it goes into.
 */
import type { JSONSchemaType } from 'ajv';

/** Objects above this size are copied in parts (multipart), by the server's task and by the SDK. */
export const COPY_MULTIPART_THRESHOLD = 100 * 1024 * 1024;
/** Jobs up to this many objects and bytes on one storage config finish inside the request. */
export const COPY_INLINE_MAX_OBJECTS = 100;
export const COPY_INLINE_MAX_BYTES = 1024 ** 3;
/** Folders with more objects than this are deleted by a task. */
export const DELETE_TASK_MIN_OBJECTS = 1000;
/** Copy items of one client-side page. */
export const CLIENT_COPY_PAGE_SIZE = 100;

export interface CopyPair {
  sourcePath: string;
  targetPath: string;
}

export interface BatchCopyBody {
  items: CopyPair[];
  /** Per file: an existing target file is left alone and counted as skipped (default true). */
  skipExisting?: boolean;
  /** Ask for the spec's client-side copy: the answer lists presigned pairs for the caller to copy. */
  client_side?: boolean;
  /** Client-side copy: the page to answer (from the previous page's `next_cursor`). */
  cursor?: string;
}

const path = { type: 'string', minLength: 1, maxLength: 4096 } as const;

export const batchCopyBodySchema: JSONSchemaType<BatchCopyBody> = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 1000,
      items: {
        type: 'object',
        properties: { sourcePath: path, targetPath: path },
        required: ['sourcePath', 'targetPath'],
        additionalProperties: false,
      },
    },
    skipExisting: { type: 'boolean', nullable: true },
    client_side: { type: 'boolean', nullable: true },
    cursor: { type: 'string', maxLength: 32, pattern: '^[0-9]+$', nullable: true },
  },
  required: ['items'],
  additionalProperties: false,
};

export interface BatchCopyFailure {
  sourcePath: string;
  targetPath: string;
  error: string;
}

/** Done inside the request. */
export interface BatchCopyDone {
  copied: number;
  skipped: number;
  failed: BatchCopyFailure[];
}

/** Became a task: follow it with `tasks.watch(task_id)`. */
export interface BatchCopyQueued {
  task_id: string;
}

/** One part of a client-side multipart copy: GET bytes [start, end) of the source, PUT them to `url`. */
export interface ClientCopyPart {
  partNumber: number;
  start: number;
  end: number;
  url: string;
}

/** Spec section 3's copy item. */
export interface ClientCopyItem {
  sourcePath: string;
  targetPath: string;
  /** A GET of the source usable without an auth header (ranges allowed). */
  downloadUrl: string;
  /**
   * A presigned PUT of the whole object (S3), or a signed PUT link to the server's `/api/fs/put` for
   * storages that take no presigned uploads (local); null when the item is copied in parts (`multipart`).
   */
  uploadUrl: string | null;
  targetMount: string;
  /** The object key inside the target storage config, sent back on commit. */
  targetS3Path: string;
  contentType: string;
  fileSize: number;
  etag: string | null;
  multipart: { uploadId: string; partSize: number; parts: ClientCopyPart[] } | null;
}

export interface BatchCopyClientSide {
  requiresClientSideCopy: true;
  /**
   * Target folders of this page (empty ones included), parents first: create them (`mkdir` with
   * create_parents; one already there is fine) before copying the page's items.
   */
  folders: string[];
  items: ClientCopyItem[];
  /** Files the server skipped itself (skipExisting and the target exists). */
  skipped: number;
  /** Pass back as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
  /** Files of the whole copy (folders not counted). */
  total: number;
}

export type BatchCopyResult = BatchCopyDone | BatchCopyQueued | BatchCopyClientSide;

export interface CopyCommitFile {
  targetPath: string;
  s3Path: string;
  contentType?: string;
  fileSize: number;
  etag?: string | null;
  /** A multipart copy: the upload to complete and its parts' ETags. */
  uploadId?: string;
  parts?: { partNumber: number; etag: string }[];
}

export interface BatchCopyCommitBody {
  targetMountId: string;
  files: CopyCommitFile[];
}

export const batchCopyCommitBodySchema: JSONSchemaType<BatchCopyCommitBody> = {
  type: 'object',
  properties: {
    targetMountId: { type: 'string', minLength: 1, maxLength: 100 },
    files: {
      type: 'array',
      minItems: 1,
      maxItems: 1000,
      items: {
        type: 'object',
        properties: {
          targetPath: path,
          s3Path: { type: 'string', minLength: 1, maxLength: 4096 },
          contentType: { type: 'string', maxLength: 255, nullable: true },
          fileSize: { type: 'integer', minimum: 0 },
          etag: { type: 'string', maxLength: 200, nullable: true },
          uploadId: { type: 'string', minLength: 1, maxLength: 1024, nullable: true },
          parts: {
            type: 'array',
            maxItems: 10_000,
            nullable: true,
            items: {
              type: 'object',
              properties: {
                partNumber: { type: 'integer', minimum: 1, maximum: 10_000 },
                etag: { type: 'string', minLength: 1, maxLength: 200 },
              },
              required: ['partNumber', 'etag'],
              additionalProperties: false,
            },
          },
        },
        required: ['targetPath', 's3Path', 'fileSize'],
        additionalProperties: false,
      },
    },
  },
  required: ['targetMountId', 'files'],
  additionalProperties: false,
};

export interface BatchCopyCommitResult {
  committed: { targetPath: string; size: number; etag: string | null }[];
  failed: { targetPath: string; error: string }[];
}

/** One remote file for the server to fetch into a mount: `targetPath` is the full path of the new file. */
export interface FetchUrlItem {
  url: string;
  targetPath: string;
}

/**
 * `POST .../fs/fetch-url`: an `upload` task in which the server fetches each URL (through its SSRF guard)
 * and streams it into the mount; the answer is `{ task_id }`.
 */
export interface FetchUrlBody {
  items: FetchUrlItem[];
  /** An existing target file is left alone and counted as skipped (default true). */
  skipExisting?: boolean;
}

export const fetchUrlBodySchema: JSONSchemaType<FetchUrlBody> = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 1000,
      items: {
        type: 'object',
        properties: { url: { type: 'string', minLength: 1, maxLength: 4096 }, targetPath: path },
        required: ['url', 'targetPath'],
        additionalProperties: false,
      },
    },
    skipExisting: { type: 'boolean', nullable: true },
  },
  required: ['items'],
  additionalProperties: false,
};

/**
 * `POST .../fs/archive`: a `download` task in which the server packs files and folders into one ZIP
 * archive (stored entries, at most 65,535 entries and 4 GiB) at `targetPath`; the answer is `{ task_id }`.
 */
export interface ArchiveBody {
  /** Files and folders to pack; each becomes a top-level entry named after its last segment. */
  paths: string[];
  /** The archive file to create (its folder must exist, the file must not). */
  targetPath: string;
}

export const archiveBodySchema: JSONSchemaType<ArchiveBody> = {
  type: 'object',
  properties: {
    paths: { type: 'array', minItems: 1, maxItems: 1000, items: path },
    targetPath: path,
  },
  required: ['paths', 'targetPath'],
  additionalProperties: false,
};
