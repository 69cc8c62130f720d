/** Mounts (`/admin/mounts`; `/user/mounts` reads, and answers 403 to changes). */
import * as c from '@clip/sdk';
import { type RouteDocs, SCOPES } from './types.ts';

const tag = 'Mounts';
const searchQuery = {
  type: 'object',
  properties: { search: { type: 'string' } },
  additionalProperties: true,
} as const;

export const mountDocs: RouteDocs = {};

for (const scope of SCOPES) {
  const p = `/api/${scope}/mounts`;
  mountDocs[`GET ${p}`] = { tag, summary: 'List mounts', query: searchQuery, response: c.mountListSchema };
  mountDocs[`POST ${p}`] = {
    tag,
    summary: 'Create a mount',
    body: c.createMountBodySchema,
    response: c.mountSchema,
    status: 201,
  };
  mountDocs[`GET ${p}/:id`] = { tag, summary: 'Get a mount', response: c.mountSchema };
  mountDocs[`PUT ${p}/:id`] = {
    tag,
    summary: 'Update a mount (also enables or disables it)',
    body: c.updateMountBodySchema,
    response: c.mountSchema,
  };
  mountDocs[`DELETE ${p}/:id`] = { tag, summary: 'Delete a mount', response: c.nullDataSchema };
}
