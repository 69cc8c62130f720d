/** Text shares: creating and reading (`/paste`, `/raw`) and managing (`/admin/pastes`, `/user/pastes`). */
import * as c from '@clip/sdk';
import { type RouteDocs, SCOPES } from '../../openapi/routes/types.ts';

const tag = 'Text shares';
const rawPasswordQuery = {
  type: 'object',
  properties: {
    password: { type: 'string' },
    token: { type: 'string', description: 'the access token an unlock answered (instead of the password)' },
  },
  additionalProperties: true,
} as const;

export const pasteDocs: RouteDocs = {
  'POST /api/paste': {
    tag,
    summary: 'Create a text share',
    body: c.createPasteBodySchema,
    response: c.pasteCreatedSchema,
    status: 201,
  },
  'GET /api/paste/:slug': {
    tag,
    summary: 'Read a text share (counts a view; locked shares answer requires_password)',
    response: { anyOf: [c.pasteViewSchema, c.pasteLockedSchema] },
  },
  'POST /api/paste/:slug': {
    tag,
    summary: 'Unlock a password-protected text share',
    body: c.passwordBodySchema,
    response: c.pasteViewSchema,
  },
  'GET /api/raw/:slug': {
    tag,
    summary:
      'A text share as plain text (an encrypted one: its ciphertext stream, application/octet-stream, as an attachment)',
    query: rawPasswordQuery,
    raw: 'text/plain',
  },
  'POST /api/admin/pastes/clear-expired': {
    tag,
    summary: 'Delete expired text shares',
    body: c.clearExpiredBodySchema,
    response: c.deletedCountSchema,
  },
};

const WHO = { admin: 'the administrator', user: 'an API key with text permission' } as const;

for (const scope of SCOPES) {
  const p = `/api/${scope}/pastes`;
  pasteDocs[`GET ${p}`] = {
    tag,
    summary: `List text shares (${WHO[scope]})`,
    query: c.pasteListQuerySchema,
    response: c.pasteListSchema,
  };
  pasteDocs[`POST ${p}/batch-delete`] = {
    tag,
    summary: 'Delete several text shares',
    body: c.idsBodySchema,
    response: c.batchDeleteResultSchema,
  };
  pasteDocs[`GET ${p}/:id`] = { tag, summary: 'Get a text share', response: c.pasteRecordSchema };
  pasteDocs[`PUT ${p}/:id`] = {
    tag,
    summary: 'Update a text share',
    body: c.updatePasteBodySchema,
    response: c.pasteRecordSchema,
  };
  pasteDocs[`DELETE ${p}/:id`] = { tag, summary: 'Delete a text share', response: c.nullDataSchema };
}
