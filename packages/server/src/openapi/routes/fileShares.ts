/** File shares: uploads (direct and presigned), public reads and links, management. */
import * as c from '@clip/sdk';
import { type RouteDocs, SCOPES } from './types.ts';

const tag = 'File shares';
/** The signature of a share's temporary link. */
const linkQuery = {
  type: 'object',
  properties: { exp: { type: 'string' }, sig: { type: 'string' } },
  additionalProperties: true,
} as const;

export const fileShareDocs: RouteDocs = {
  'POST /api/upload': {
    tag,
    summary: 'Upload a file share (form fields first, then `file`)',
    form: c.uploadFormFieldsSchema,
    response: c.fileShareCreatedSchema,
    status: 201,
  },
  'GET /api/public/files/:slug': {
    tag,
    summary: 'Read a file share (counts a view; locked shares answer requires_password)',
    response: c.publicFileReadSchema,
  },
  'POST /api/public/files/:slug/verify': {
    tag,
    summary: 'Unlock a password-protected file share',
    body: c.passwordBodySchema,
    response: c.publicFileViewSchema,
  },
  'GET /api/office-preview/:slug': {
    tag,
    summary: 'Office viewer links for a file share (signed link)',
    query: linkQuery,
    response: c.officePreviewSchema,
  },
  'GET /api/file-download/:slug': {
    tag,
    summary: 'Download a file share (signed link)',
    query: linkQuery,
    raw: '*/*',
  },
  'GET /api/file-view/:slug': {
    tag,
    summary: 'View a file share inline (signed link)',
    query: linkQuery,
    raw: '*/*',
  },
  'POST /api/s3/presign': {
    tag,
    summary: 'Presigned upload: a PUT URL for the bytes',
    body: c.presignBodySchema,
    response: c.presignResultSchema,
    status: 201,
  },
  'POST /api/s3/commit': {
    tag,
    summary: 'Record a presigned upload',
    body: c.commitBodySchema,
    response: c.fileShareCreatedSchema,
  },
  'POST /api/s3/multipart/init': {
    tag,
    summary: 'Start a multipart upload',
    body: c.multipartInitBodySchema,
    response: c.multipartInitResultSchema,
    status: 201,
  },
  'POST /api/s3/multipart/parts': {
    tag,
    summary: 'Presign parts again',
    body: c.multipartPartsBodySchema,
    response: c.multipartPartsResultSchema,
  },
  'POST /api/s3/multipart/complete': {
    tag,
    summary: 'Finish a multipart upload',
    body: c.multipartCompleteBodySchema,
    response: c.fileShareCreatedSchema,
  },
  'POST /api/s3/multipart/abort': {
    tag,
    summary: 'Abandon a multipart upload',
    body: c.multipartAbortBodySchema,
    response: c.abortResultSchema,
  },
};

for (const scope of SCOPES) {
  const p = `/api/${scope}/files`;
  fileShareDocs[`GET ${p}`] = {
    tag,
    summary: 'List file shares',
    query: c.fileListQuerySchema,
    response: c.fileListSchema,
  };
  fileShareDocs[`POST ${p}/batch-delete`] = {
    tag,
    summary: 'Delete several file shares',
    body: c.idsBodySchema,
    response: c.batchDeleteResultSchema,
  };
  fileShareDocs[`GET ${p}/:id`] = { tag, summary: 'Get a file share', response: c.fileRecordSchema };
  fileShareDocs[`PUT ${p}/:id`] = {
    tag,
    summary: 'Update a file share',
    body: c.updateFileBodySchema,
    response: c.fileRecordSchema,
  };
  fileShareDocs[`DELETE ${p}/:id`] = { tag, summary: 'Delete a file share', response: c.nullDataSchema };
}
