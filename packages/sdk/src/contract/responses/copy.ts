/** Answers of batch copy (`.../fs/batch-copy`, `.../fs/batch-copy-commit`). */
import type {
  BatchCopyClientSide,
  BatchCopyCommitResult,
  BatchCopyDone,
  BatchCopyFailure,
  ClientCopyItem,
  ClientCopyPart,
} from '../fsCopy.ts';
import { arrayOf, count, nonEmpty, nullable, nullableStr, shapeOf, str } from './shape.ts';

export const batchCopyFailureSchema = shapeOf<BatchCopyFailure>()(
  { sourcePath: str, targetPath: str, error: str },
  ['sourcePath', 'targetPath', 'error'],
);

/** Done inside the request. */
export const batchCopyDoneSchema = shapeOf<BatchCopyDone>()(
  { copied: count, skipped: count, failed: arrayOf(batchCopyFailureSchema) },
  ['copied', 'skipped', 'failed'],
);

export const clientCopyPartSchema = shapeOf<ClientCopyPart>()(
  { partNumber: { type: 'integer', minimum: 1 }, start: count, end: count, url: nonEmpty },
  ['partNumber', 'start', 'end', 'url'],
);

export const clientCopyItemSchema = shapeOf<ClientCopyItem>()(
  {
    sourcePath: str,
    targetPath: str,
    downloadUrl: nonEmpty,
    uploadUrl: nullableStr,
    targetMount: str,
    targetS3Path: str,
    contentType: str,
    fileSize: count,
    etag: nullableStr,
    multipart: nullable({
      type: 'object',
      properties: {
        uploadId: nonEmpty,
        partSize: { type: 'integer', minimum: 1 },
        parts: arrayOf(clientCopyPartSchema),
      },
      required: ['uploadId', 'partSize', 'parts'],
      additionalProperties: false,
    }),
  },
  [
    'sourcePath',
    'targetPath',
    'downloadUrl',
    'uploadUrl',
    'targetMount',
    'targetS3Path',
    'contentType',
    'fileSize',
    'etag',
    'multipart',
  ],
);

/** One page of the client-side flow: the pairs the caller copies itself. */
export const batchCopyClientSideSchema = shapeOf<BatchCopyClientSide>()(
  {
    requiresClientSideCopy: { const: true },
    folders: arrayOf(str),
    items: arrayOf(clientCopyItemSchema),
    skipped: count,
    next_cursor: nullableStr,
    total: count,
  },
  ['requiresClientSideCopy', 'folders', 'items', 'skipped', 'next_cursor', 'total'],
);

/** `batch-copy` answered with 200: done in the request, or a client-side page. */
export const batchCopyAnswerSchema = { anyOf: [batchCopyDoneSchema, batchCopyClientSideSchema] } as const;

export const batchCopyCommitResultSchema = shapeOf<BatchCopyCommitResult>()(
  {
    committed: arrayOf({
      type: 'object',
      properties: { targetPath: str, size: count, etag: nullableStr },
      required: ['targetPath', 'size', 'etag'],
      additionalProperties: false,
    }),
    failed: arrayOf({
      type: 'object',
      properties: { targetPath: str, error: str },
      required: ['targetPath', 'error'],
      additionalProperties: false,
    }),
  },
  ['committed', 'failed'],
);
