/** Path shares: managing (`/admin|user/path-shares`) and the public side (`/public/s/{slug}`). */
import * as c from '@clip/sdk';
import { type RouteDocs, SCOPES } from '../../openapi/routes/types.ts';

const tag = 'Path shares';
const p = '/api/public/s/:slug';

export const pathShareDocs: RouteDocs = {
  [`GET ${p}`]: {
    tag,
    summary:
      'Visit a path share (counts a view and answers the token; a protected one answers 401 requires_password)',
    response: c.pathShareVisitSchema,
  },
  [`POST ${p}/verify`]: {
    tag,
    summary: 'Check a path share password (counts the view) and answer the share token',
    body: c.passwordBodySchema,
    response: c.pathShareTokenSchema,
  },
  [`GET ${p}/list`]: {
    tag,
    summary: 'List a folder inside a shared folder (X-Share-Token; paths relative to the share)',
    query: c.pathShareSubQuerySchema,
    response: c.fsListResultSchema,
  },
  [`GET ${p}/download`]: {
    tag,
    summary: 'Download a file of a path share (X-Share-Token; Range, ETag)',
    query: c.pathShareSubQuerySchema,
    raw: '*/*',
  },
  [`GET ${p}/preview`]: {
    tag,
    summary: 'A file of a path share inline where its type is safe to show (X-Share-Token)',
    query: c.pathShareSubQuerySchema,
    raw: '*/*',
  },
  [`GET ${p}/thumbnail`]: {
    tag,
    summary: "An image's thumbnail inside a path share (X-Share-Token or `token`; not in the access log)",
    query: c.pathShareThumbnailQuerySchema,
    raw: 'image/webp',
  },
  [`GET ${p}/zip`]: {
    tag,
    summary: "A folder of a path share as a streamed ZIP (413 past the server's max_zip_size)",
    query: c.pathShareSubQuerySchema,
    raw: 'application/zip',
  },
};

const WHO = { admin: 'the administrator', user: 'an API key with mount permission' } as const;

for (const scope of SCOPES) {
  const base = `/api/${scope}/path-shares`;
  pathShareDocs[`POST ${base}`] = {
    tag,
    summary: `Share a file or folder of a mount (${WHO[scope]})`,
    body: c.createPathShareBodySchema,
    response: c.pathShareRecordSchema,
    status: 201,
  };
  pathShareDocs[`GET ${base}`] = {
    tag,
    summary: `List path shares (${WHO[scope]})`,
    query: c.pathShareListQuerySchema,
    response: c.pathShareListSchema,
  };
  pathShareDocs[`GET ${base}/:id`] = { tag, summary: 'Get a path share', response: c.pathShareRecordSchema };
  pathShareDocs[`PUT ${base}/:id`] = {
    tag,
    summary: 'Change a path share (password, expiry, max views, remark)',
    body: c.updatePathShareBodySchema,
    response: c.pathShareRecordSchema,
  };
  pathShareDocs[`DELETE ${base}/:id`] = { tag, summary: 'Delete a path share', response: c.nullDataSchema };
}
