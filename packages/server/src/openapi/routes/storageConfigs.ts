/** Storage configs (`/s3-configs`). */
import * as c from '@clip/sdk';
import type { RouteDocs } from './types.ts';

const tag = 'Storage configs';

export const storageConfigDocs: RouteDocs = {
  'GET /api/s3-configs': { tag, summary: 'List storage configs', response: c.storageConfigListSchema },
  'POST /api/s3-configs': {
    tag,
    summary: 'Create a storage config',
    body: c.createStorageConfigBodySchema,
    response: c.storageConfigSchema,
    status: 201,
  },
  'GET /api/s3-configs/:id': {
    tag,
    summary: 'Get a storage config',
    response: c.storageConfigViewSchema,
  },
  'PUT /api/s3-configs/:id': {
    tag,
    summary: 'Update a storage config',
    body: c.updateStorageConfigBodySchema,
    response: c.storageConfigSchema,
  },
  'GET /api/s3-configs/:id/folders': {
    tag,
    summary: "List the folders inside a folder of the storage (admin only), to pick a mount's root_prefix",
    query: c.storageFolderQuerySchema,
    response: c.storageFolderListSchema,
  },
  'POST /api/s3-configs/:id/test': {
    tag,
    summary: 'Test a storage config against its bucket',
    response: c.storageTestResultSchema,
  },
  'DELETE /api/s3-configs/:id': { tag, summary: 'Delete a storage config', response: c.nullDataSchema },
  'PUT /api/s3-configs/:id/set-default': {
    tag,
    summary: 'Make a storage config the default',
    response: c.storageConfigSchema,
  },
};
