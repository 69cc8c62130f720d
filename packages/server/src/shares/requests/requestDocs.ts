/** Upload requests: managing them (`/admin|user/upload-requests`) and the anonymous upload (`/public/r`). */
import * as c from '@clip/sdk';
import { type RouteDocs, SCOPES } from '../../openapi/routes/types.ts';

const tag = 'Upload requests';
const p = '/api/public/r/:slug';

export const uploadRequestDocs: RouteDocs = {
  [`GET ${p}`]: {
    tag,
    summary:
      'What an uploader sees: title, message, limits and what remains (401 requires_password without X-Share-Token)',
    response: c.uploadRequestInfoSchema,
  },
  [`POST ${p}/verify`]: {
    tag,
    summary: "Check a protected request's password; answers a share-access token for an hour (X-Share-Token)",
    body: c.passwordBodySchema,
    response: c.shareTokenSchema,
  },
  [`POST ${p}/uploads`]: {
    tag,
    summary: 'Start a resumable upload (413 over a limit, 415 a type not taken); answers its X-Upload-Token',
    body: c.requestUploadStartBodySchema,
    response: c.requestUploadStartedSchema,
    status: 201,
  },
  [`PUT ${p}/uploads/:uploadId/parts/:n`]: {
    tag,
    summary: 'Send part n (from 1) as the raw body: exactly the part size (5 MiB), the last part the rest',
    binaryBody: true,
    response: {
      type: 'object',
      properties: { partNumber: { type: 'integer', minimum: 1 } },
      required: ['partNumber'],
      additionalProperties: false,
    },
  },
  [`GET ${p}/uploads/:uploadId`]: {
    tag,
    summary: 'The parts stored so far (resume sends only the others)',
    response: c.requestUploadStatusSchema,
  },
  [`POST ${p}/uploads/:uploadId/complete`]: {
    tag,
    summary: 'Join the parts; the file lands under its name or a numbered one, never replacing a file',
    response: c.requestUploadDoneSchema,
  },
};

const WHO = {
  admin: 'the administrator, every request',
  user: 'an API key with mount permission, its own',
} as const;

for (const scope of SCOPES) {
  const base = `/api/${scope}/upload-requests`;
  uploadRequestDocs[`POST ${base}`] = {
    tag,
    summary: 'Create an upload request on a folder the caller may write to',
    body: c.createUploadRequestBodySchema,
    response: c.uploadRequestRecordSchema,
    status: 201,
  };
  uploadRequestDocs[`GET ${base}`] = {
    tag,
    summary: `List upload requests (${WHO[scope]})`,
    query: c.uploadRequestListQuerySchema,
    response: c.uploadRequestListSchema,
  };
  uploadRequestDocs[`GET ${base}/:id`] = {
    tag,
    summary: 'An upload request with what arrived (who, when, size)',
    response: c.uploadRequestDetailSchema,
  };
  uploadRequestDocs[`PUT ${base}/:id`] = {
    tag,
    summary: "Change a request's title, message, password, expiry or limits",
    body: c.updateUploadRequestBodySchema,
    response: c.uploadRequestDetailSchema,
  };
  uploadRequestDocs[`DELETE ${base}/:id`] = {
    tag,
    summary: 'Close an upload request (the files that arrived stay)',
    response: c.nullDataSchema,
  };
}
