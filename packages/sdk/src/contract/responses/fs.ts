/** Answers of the file-system routes (`/admin/fs/*`, `/user/fs/*`): items, listings, links, uploads. */
import {
  FS_ITEM_TYPES,
  type FsBatchRemoveResult,
  type FsBatchUploadResult,
  type FsFileLinkResult,
  type FsGetResult,
  type FsItem,
  type FsListResult,
  type FsUploadResult,
} from '../fs.ts';
import type { BatchCopyQueued } from '../fsCopy.ts';
import type {
  FsAbortResult,
  FsMultipartInitResult,
  FsMultipartPartResult,
  FsMultipartStatus,
  FsPresignResult,
  FsUploadDone,
  FsUploadedPart,
} from '../fsUploads.ts';
import { arrayOf, bool, count, nonEmpty, nullableCount, nullableStr, shapeOf, str } from './shape.ts';

const itemProperties = {
  name: str,
  path: { type: 'string', pattern: '^/' },
  type: { type: 'string', enum: [...FS_ITEM_TYPES] },
  size: nullableCount,
  modified: nullableStr,
  etag: nullableStr,
  mimetype: nullableStr,
  is_mount: bool,
} as const;
const itemRequired = ['name', 'path', 'type', 'size', 'modified', 'etag', 'mimetype', 'is_mount'] as const;

export const fsItemSchema = shapeOf<FsItem>()(itemProperties, itemRequired);

export const fsListResultSchema = shapeOf<FsListResult>()(
  { path: str, is_virtual: bool, items: arrayOf(fsItemSchema), next_cursor: nullableStr },
  ['path', 'is_virtual', 'items', 'next_cursor'],
);

export const fsGetResultSchema = shapeOf<FsGetResult>()(
  { ...itemProperties, download_url: nullableStr, preview_url: nullableStr, render_url: nullableStr },
  [...itemRequired, 'download_url', 'preview_url', 'render_url'],
);

export const fsBatchRemoveResultSchema = shapeOf<FsBatchRemoveResult>()(
  {
    removed: arrayOf(str),
    failed: arrayOf({
      type: 'object',
      properties: { path: str, error: str },
      required: ['path', 'error'],
      additionalProperties: false,
    }),
  },
  ['removed', 'failed'],
);

/** A request that became a background task: follow it with `GET .../tasks/{task_id}`. */
export const taskQueuedSchema = shapeOf<BatchCopyQueued>()({ task_id: nonEmpty }, ['task_id']);

/** `batch-remove`: per-path results, or a task when a folder holds more than 1,000 objects. */
export const fsBatchRemoveAnswerSchema = { anyOf: [fsBatchRemoveResultSchema, taskQueuedSchema] } as const;

export const fsFileLinkResultSchema = shapeOf<FsFileLinkResult>()({ url: nonEmpty, expires_at: str }, [
  'url',
  'expires_at',
]);

export const fsUploadResultSchema = shapeOf<FsUploadResult>()({ item: fsItemSchema }, ['item']);

export const fsBatchUploadResultSchema = shapeOf<FsBatchUploadResult>()(
  {
    items: arrayOf(fsItemSchema),
    failed: arrayOf({
      type: 'object',
      properties: { name: str, status: { type: 'integer', minimum: 400, maximum: 599 }, message: str },
      required: ['name', 'status', 'message'],
      additionalProperties: false,
    }),
  },
  ['items', 'failed'],
);

export const fsUploadedPartSchema = shapeOf<FsUploadedPart>()(
  { partNumber: { type: 'integer', minimum: 1 }, size: count, etag: str },
  ['partNumber', 'size', 'etag'],
);

export const fsMultipartInitResultSchema = shapeOf<FsMultipartInitResult>()(
  {
    uploadId: nonEmpty,
    key: str,
    partSize: { type: 'integer', minimum: 1 },
    partCount: { type: 'integer', minimum: 1 },
    parts: arrayOf(fsUploadedPartSchema),
    resumed: bool,
    expiresAt: str,
  },
  ['uploadId', 'key', 'partSize', 'partCount', 'parts', 'resumed', 'expiresAt'],
);

export const fsMultipartPartResultSchema = shapeOf<FsMultipartPartResult>()(
  { partNumber: { type: 'integer', minimum: 1 }, etag: str },
  ['partNumber', 'etag'],
);

export const fsMultipartStatusSchema = shapeOf<FsMultipartStatus>()(
  {
    uploadId: nonEmpty,
    key: str,
    status: { type: 'string', enum: ['uploading', 'completing', 'completed', 'aborted'] },
    fileSize: count,
    partSize: { type: 'integer', minimum: 1 },
    partCount: { type: 'integer', minimum: 1 },
    parts: arrayOf(fsUploadedPartSchema),
    expiresAt: str,
  },
  ['uploadId', 'key', 'status', 'fileSize', 'partSize', 'partCount', 'parts', 'expiresAt'],
);

export const fsUploadDoneSchema = shapeOf<FsUploadDone>()(
  { uploadId: nonEmpty, key: str, item: fsItemSchema },
  ['uploadId', 'key', 'item'],
);

export const fsAbortResultSchema = shapeOf<FsAbortResult>()({ aborted: bool }, ['aborted']);

export const fsPresignResultSchema = shapeOf<FsPresignResult>()(
  {
    uploadUrl: nonEmpty,
    headers: { type: 'object', additionalProperties: { type: 'string' } },
    uploadId: nonEmpty,
    key: str,
    expiresAt: str,
  },
  ['uploadUrl', 'headers', 'uploadId', 'key', 'expiresAt'],
);
