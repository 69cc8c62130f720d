/** The file system over mounts (`/admin/fs/*`, `/user/fs/*`) and its signed links (`/fs/download|preview`). */
import * as c from '@clip/sdk';
import { type RouteDocs, SCOPES, type UntaggedRouteDoc } from './types.ts';

const tag = 'File system';
/** FormData fields besides `file` (booleans travel as text). */
const uploadForm = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    use_multipart: { type: 'string', enum: ['true', 'false'] },
    create_parents: { type: 'string', enum: ['true', 'false'] },
  },
} as const;

/** The batch's fields; they must come before the first `file` part (ADR 0093). */
const uploadBatchForm = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    create_parents: { type: 'string', enum: ['true', 'false'] },
  },
  required: ['path'],
} as const;

export const fsDocs: RouteDocs = {
  'GET /api/fs/download': {
    tag,
    summary: 'Download through a signed link',
    query: c.fsSignedQuerySchema,
    raw: '*/*',
  },
  'GET /api/fs/preview': {
    tag,
    summary: 'Preview through a signed link',
    query: c.fsSignedQuerySchema,
    raw: '*/*',
  },
  'GET /api/fs/thumbnail': {
    tag,
    summary: "An image's thumbnail through a folder's signed thumbnail link (add `name`, `size`, `v`)",
    query: c.fsSignedThumbnailQuerySchema,
    raw: 'image/webp',
  },
  'PUT /api/fs/put': {
    tag,
    summary: 'Upload one file through a signed PUT link (client-side copy into local storage)',
    query: c.fsSignedPutQuerySchema,
    binaryBody: true,
    raw: 'text/plain',
  },
};

for (const scope of SCOPES) {
  const p = `/api/${scope}/fs`;
  const add = (route: string, doc: UntaggedRouteDoc) => {
    fsDocs[route] = { tag, ...doc };
  };
  add(`GET ${p}/list`, {
    summary: 'List a folder',
    query: c.fsListQuerySchema,
    response: c.fsListResultSchema,
  });
  add(`GET ${p}/get`, {
    summary: 'Describe a path (with signed links for files)',
    query: c.fsPathQuerySchema,
    response: c.fsGetResultSchema,
  });
  add(`GET ${p}/download`, { summary: 'Download a file', query: c.fsPathQuerySchema, raw: '*/*' });
  add(`GET ${p}/preview`, { summary: 'Preview a file', query: c.fsPathQuerySchema, raw: '*/*' });
  add(`GET ${p}/thumbnail`, {
    summary: "An image's thumbnail: a small WebP, never the original (415 not an image, 413 too large)",
    query: c.fsThumbnailQuerySchema,
    raw: 'image/webp',
  });
  add(`GET ${p}/thumbnail-link`, {
    summary: "A signed link to the thumbnails of a folder's images, for `<img>`",
    query: c.fsPathQuerySchema,
    response: c.fsFileLinkResultSchema,
  });
  add(`POST ${p}/mkdir`, {
    summary: 'Create a folder',
    body: c.fsMkdirBodySchema,
    response: c.fsItemSchema,
    status: 201,
  });
  add(`POST ${p}/upload`, {
    summary: 'Upload a file (form fields `path`, then `file`)',
    form: uploadForm,
    response: c.fsUploadResultSchema,
    status: 201,
  });
  add(`POST ${p}/upload-batch`, {
    summary:
      'Upload up to 100 small files in one form (field `path` first, then `file` parts each named by its path relative to `path`; a file that cannot be written is listed in `failed`)',
    form: uploadBatchForm,
    response: c.fsBatchUploadResultSchema,
    status: 201,
  });
  add(`DELETE ${p}/remove`, {
    summary: 'Remove a file or folder',
    query: c.fsPathQuerySchema,
    response: c.nullDataSchema,
  });
  add(`POST ${p}/batch-remove`, {
    summary: 'Remove several paths (a task for folders of more than 1,000 objects)',
    body: c.fsBatchRemoveBodySchema,
    response: c.fsBatchRemoveAnswerSchema,
  });
  add(`POST ${p}/rename`, {
    summary: 'Rename or move a path',
    body: c.fsRenameBodySchema,
    response: c.fsItemSchema,
  });
  add(`POST ${p}/update`, {
    summary: 'Replace a text file',
    body: c.fsUpdateBodySchema,
    response: c.fsItemSchema,
  });
  add(`GET ${p}/file-link`, {
    summary: 'A signed download link',
    query: c.fsFileLinkQuerySchema,
    response: c.fsFileLinkResultSchema,
  });
  add(`POST ${p}/multipart/init`, {
    summary: 'Start (or resume) a resumable upload',
    body: c.fsMultipartInitBodySchema,
    response: c.fsMultipartInitResultSchema,
    status: 201,
  });
  add(`POST ${p}/multipart/part`, {
    summary: 'Send one part',
    query: c.fsMultipartPartQuerySchema,
    binaryBody: true,
    response: c.fsMultipartPartResultSchema,
  });
  add(`GET ${p}/multipart/status`, {
    summary: 'Parts received so far',
    query: c.fsMultipartStatusQuerySchema,
    response: c.fsMultipartStatusSchema,
  });
  add(`POST ${p}/multipart/complete`, {
    summary: 'Finish a resumable upload',
    body: c.fsMultipartCompleteBodySchema,
    response: c.fsUploadDoneSchema,
  });
  add(`POST ${p}/multipart/abort`, {
    summary: 'Abandon a resumable upload',
    body: c.fsMultipartAbortBodySchema,
    response: c.fsAbortResultSchema,
  });
  add(`POST ${p}/presign`, {
    summary: 'Presigned direct upload',
    body: c.fsPresignBodySchema,
    response: c.fsPresignResultSchema,
    status: 201,
  });
  add(`POST ${p}/presign/commit`, {
    summary: 'Record a presigned upload',
    body: c.fsPresignCommitBodySchema,
    response: c.fsUploadDoneSchema,
  });
  add(`POST ${p}/batch-copy`, {
    summary: 'Copy paths: done in the request, a client-side page, or a task (202)',
    body: c.batchCopyBodySchema,
    response: c.batchCopyAnswerSchema,
    otherSuccesses: [
      { status: 202, response: c.taskQueuedSchema, description: 'the copy became a task; follow `task_id`' },
    ],
  });
  add(`POST ${p}/archive`, {
    summary: 'Pack paths into one ZIP file at a mount path (a download task)',
    body: c.archiveBodySchema,
    response: c.taskQueuedSchema,
    status: 202,
  });
  add(`POST ${p}/fetch-url`, {
    summary: 'Fetch remote files into a mount (an upload task)',
    body: c.fetchUrlBodySchema,
    response: c.taskQueuedSchema,
    status: 202,
  });
  add(`POST ${p}/batch-copy-commit`, {
    summary: 'Commit a client-side copy page',
    body: c.batchCopyCommitBodySchema,
    response: c.batchCopyCommitResultSchema,
  });
}
