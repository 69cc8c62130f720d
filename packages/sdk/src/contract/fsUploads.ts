/**
 * Uploads into mounts that survive a closed tab, a killed client and a restarted server: resumable
 * multipart through the server (`.../fs/multipart/*`) and presigned single PUTs (`.../fs/presign*`).
 * The server derives where the bytes go; the `key` a client sends back must equal the one it was given.
 */
import type { JSONSchemaType } from 'ajv';
import { MULTIPART_CHUNK_BYTES } from '../constants.ts';
import { FS_PATH_MAX, type FsItem } from './fs.ts';

/** Sessions idle this long are aborted by the sweep. */
export const FS_UPLOAD_IDLE_MS = 24 * 3600_000;
/** The most parts one upload may have (S3's limit). */
export const FS_MULTIPART_MAX_PARTS = 10_000;
/** Largest file a mount upload may declare (S3's 5 TiB object limit). */
export const FS_UPLOAD_MAX_BYTES = 5 * 1024 ** 4;
/**
 * The largest part size a client may ask for: a part the server refuses is still small enough to be read
 * and dropped (so the client gets the answer, not a reset connection).
 */
export const FS_PART_MAX_BYTES = 64 * 1024 * 1024;

const path = { type: 'string', minLength: 1, maxLength: FS_PATH_MAX } as const;
const uploadId = { type: 'string', minLength: 1, maxLength: 64 } as const;
const key = { type: 'string', minLength: 1, maxLength: FS_PATH_MAX } as const;
const filename = { type: 'string', minLength: 1, maxLength: 255 } as const;
const contentType = { type: 'string', minLength: 1, maxLength: 255 } as const;
const fileSize = { type: 'integer', minimum: 1, maximum: FS_UPLOAD_MAX_BYTES } as const;

export interface FsUploadedPart {
  partNumber: number;
  size: number;
  etag: string;
}

export interface FsMultipartInitBody {
  /** The target folder. */
  path: string;
  filename: string;
  contentType?: string;
  fileSize: number;
  /** The client's fingerprint of the file: a re-init with the same (path, size, fingerprint) resumes. */
  fingerprint?: string;
  /** Creates missing parent folders instead of answering 409. */
  create_parents?: boolean;
  /**
   * The part size the client would rather send (whole MiB, 5 to 64 MiB; default 5 MiB). The answer's
   * `partSize` is what counts: larger when the file needs it to fit 10,000 parts, a resumed session's own.
   */
  partSize?: number;
}
export const fsMultipartInitBodySchema: JSONSchemaType<FsMultipartInitBody> = {
  type: 'object',
  properties: {
    path,
    filename,
    contentType: { ...contentType, nullable: true },
    fileSize,
    fingerprint: { type: 'string', minLength: 8, maxLength: 200, nullable: true },
    create_parents: { type: 'boolean', nullable: true },
    partSize: {
      type: 'integer',
      minimum: MULTIPART_CHUNK_BYTES,
      maximum: FS_PART_MAX_BYTES,
      multipleOf: 1024 * 1024,
      nullable: true,
    },
  },
  required: ['path', 'filename', 'fileSize'],
  additionalProperties: false,
};

export interface FsMultipartInitResult {
  uploadId: string;
  /** The virtual path of the file being written; send it back with every part, complete and abort. */
  key: string;
  /** Every part but the last has exactly this many bytes. */
  partSize: number;
  partCount: number;
  /** Parts already received (a resumed session); empty for a new one. */
  parts: FsUploadedPart[];
  /** True when an interrupted session of the same file was found and continues. */
  resumed: boolean;
  expiresAt: string;
}

export interface FsMultipartPartQuery {
  path?: string;
  uploadId: string;
  partNumber: number;
  isLastPart?: boolean;
  key?: string;
}
export const fsMultipartPartQuerySchema: JSONSchemaType<FsMultipartPartQuery> = {
  type: 'object',
  properties: {
    path: { ...path, nullable: true },
    uploadId,
    partNumber: { type: 'integer', minimum: 1, maximum: FS_MULTIPART_MAX_PARTS },
    isLastPart: { type: 'boolean', nullable: true },
    key: { ...key, nullable: true },
  },
  required: ['uploadId', 'partNumber'],
  additionalProperties: false,
};

export interface FsMultipartPartResult {
  partNumber: number;
  etag: string;
}

export interface FsMultipartStatusQuery {
  uploadId: string;
}
export const fsMultipartStatusQuerySchema: JSONSchemaType<FsMultipartStatusQuery> = {
  type: 'object',
  properties: { uploadId },
  required: ['uploadId'],
  additionalProperties: false,
};

export type FsUploadSessionStatus = 'uploading' | 'completing' | 'completed' | 'aborted';

export interface FsMultipartStatus {
  uploadId: string;
  key: string;
  status: FsUploadSessionStatus;
  fileSize: number;
  partSize: number;
  partCount: number;
  parts: FsUploadedPart[];
  expiresAt: string;
}

export interface FsCompletedPart {
  partNumber: number;
  etag?: string;
}

export interface FsMultipartCompleteBody {
  path?: string;
  uploadId: string;
  /** Optional: when given it must match the parts the server received (409 otherwise). */
  parts?: FsCompletedPart[];
  key?: string;
  contentType?: string;
  fileSize?: number;
}
export const fsMultipartCompleteBodySchema: JSONSchemaType<FsMultipartCompleteBody> = {
  type: 'object',
  properties: {
    path: { ...path, nullable: true },
    uploadId,
    parts: {
      type: 'array',
      maxItems: FS_MULTIPART_MAX_PARTS,
      nullable: true,
      items: {
        type: 'object',
        properties: {
          partNumber: { type: 'integer', minimum: 1, maximum: FS_MULTIPART_MAX_PARTS },
          etag: { type: 'string', maxLength: 200, nullable: true },
        },
        required: ['partNumber'],
        additionalProperties: false,
      },
    },
    key: { ...key, nullable: true },
    contentType: { ...contentType, nullable: true },
    fileSize: { ...fileSize, nullable: true },
  },
  required: ['uploadId'],
  additionalProperties: false,
};

/** What a finished mount upload answers (complete, presign/commit). */
export interface FsUploadDone {
  uploadId: string;
  key: string;
  item: FsItem;
}

export interface FsMultipartAbortBody {
  path?: string;
  uploadId: string;
  key?: string;
}
export const fsMultipartAbortBodySchema: JSONSchemaType<FsMultipartAbortBody> = {
  type: 'object',
  properties: { path: { ...path, nullable: true }, uploadId, key: { ...key, nullable: true } },
  required: ['uploadId'],
  additionalProperties: false,
};

export interface FsAbortResult {
  /** False when the storage did not confirm dropping its parts (they expire with its lifecycle rules). */
  aborted: boolean;
}

export interface FsPresignBody {
  /** The target folder. */
  path: string;
  fileName: string;
  contentType?: string;
  fileSize: number;
  create_parents?: boolean;
}
export const fsPresignBodySchema: JSONSchemaType<FsPresignBody> = {
  type: 'object',
  properties: {
    path,
    fileName: filename,
    contentType: { ...contentType, nullable: true },
    fileSize,
    create_parents: { type: 'boolean', nullable: true },
  },
  required: ['path', 'fileName', 'fileSize'],
  additionalProperties: false,
};

export interface FsPresignResult {
  /** PUT the file here with exactly these headers (the length is part of the signature). */
  uploadUrl: string;
  headers: Record<string, string>;
  uploadId: string;
  key: string;
  expiresAt: string;
}

export interface FsPresignCommitBody {
  uploadId: string;
  key?: string;
  etag?: string;
}
export const fsPresignCommitBodySchema: JSONSchemaType<FsPresignCommitBody> = {
  type: 'object',
  properties: {
    uploadId,
    key: { ...key, nullable: true },
    etag: { type: 'string', maxLength: 200, nullable: true },
  },
  required: ['uploadId'],
  additionalProperties: false,
};
