/** URL uploads: the server inspects and proxies a remote file, the client stores it by presigned upload. */
import * as c from '@clip/sdk';
import type { RouteDocs } from './types.ts';

const tag = 'URL uploads';

export const urlUploadDocs: RouteDocs = {
  'POST /api/url/info': {
    tag,
    summary: 'Probe a remote URL',
    body: c.urlInfoBodySchema,
    response: c.urlInfoSchema,
  },
  'GET /api/url/proxy': {
    tag,
    summary: 'Fetch a remote URL through the server',
    query: c.urlProxyQuerySchema,
    raw: '*/*',
  },
  'POST /api/url/presign': {
    tag,
    summary: 'Presign a URL upload',
    body: c.urlPresignBodySchema,
    response: c.presignResultSchema,
    status: 201,
  },
  'POST /api/url/commit': {
    tag,
    summary: 'Record a URL upload',
    body: c.urlCommitBodySchema,
    response: c.fileShareCreatedSchema,
  },
  'POST /api/url/multipart/init': {
    tag,
    summary: 'Start a multipart URL upload',
    body: c.urlMultipartInitBodySchema,
    response: c.multipartInitResultSchema,
    status: 201,
  },
  'POST /api/url/multipart/complete': {
    tag,
    summary: 'Finish a multipart URL upload',
    body: c.urlMultipartCompleteBodySchema,
    response: c.fileShareCreatedSchema,
  },
  'POST /api/url/multipart/abort': {
    tag,
    summary: 'Abandon a multipart URL upload',
    body: c.urlMultipartAbortBodySchema,
    response: c.abortResultSchema,
  },
  'POST /api/url/cancel': {
    tag,
    summary: 'Cancel a URL upload',
    body: c.urlCancelBodySchema,
    response: c.cancelResultSchema,
  },
};
