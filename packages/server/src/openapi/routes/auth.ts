/** Login, credential checks and API keys. */
import * as c from '@clip/sdk';
import type { RouteDocs } from './types.ts';

export const authDocs: RouteDocs = {
  'POST /api/admin/login': {
    tag: 'Auth',
    summary: 'Administrator login',
    body: c.loginBodySchema,
    response: c.loginResultSchema,
  },
  'GET /api/test/admin-token': {
    tag: 'Auth',
    summary: 'Check an administrator token',
    response: c.adminTokenInfoSchema,
  },
  'GET /api/test/api-key': {
    tag: 'Auth',
    summary: 'Check an API key (its permissions)',
    response: c.apiKeyVerificationSchema,
  },
  'POST /api/admin/logout': { tag: 'Auth', summary: 'End the session', response: c.nullDataSchema },
  'POST /api/admin/change-password': {
    tag: 'Auth',
    summary: 'Change the administrator password',
    body: c.changePasswordBodySchema,
    response: c.nullDataSchema,
  },
};

export const apiKeyDocs: RouteDocs = {
  'GET /api/admin/api-keys': { tag: 'API keys', summary: 'List API keys', response: c.apiKeyListSchema },
  'POST /api/admin/api-keys': {
    tag: 'API keys',
    summary: 'Create an API key (the key is shown once)',
    body: c.createApiKeyBodySchema,
    response: c.apiKeySchema,
    status: 201,
  },
  'POST /api/admin/api-keys/batch-delete': {
    tag: 'API keys',
    summary: 'Delete several API keys',
    body: c.idsBodySchema,
    response: c.batchDeleteResultSchema,
  },
  'PUT /api/admin/api-keys/:id': {
    tag: 'API keys',
    summary: 'Update an API key',
    body: c.updateApiKeyBodySchema,
    response: c.apiKeySchema,
  },
  'DELETE /api/admin/api-keys/:id': {
    tag: 'API keys',
    summary: 'Delete an API key',
    response: c.nullDataSchema,
  },
};
