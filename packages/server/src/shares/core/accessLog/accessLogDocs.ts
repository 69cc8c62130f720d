/** The access log's routes (`/admin/access-log`, `/user/access-log`). */
import * as c from '@clip/sdk';
import { type RouteDocs, SCOPES } from '../../../openapi/routes/types.ts';

const tag = 'Access log';

export const accessLogDocs: RouteDocs = Object.fromEntries(
  SCOPES.map((scope) => [
    `GET /api/${scope}/access-log`,
    {
      tag,
      summary:
        scope === 'admin'
          ? 'Access events of every share, newest first (format=csv for a CSV file)'
          : "Access events of the caller's own shares, newest first (format=csv for a CSV file)",
      query: c.accessLogQuerySchema,
      response: c.accessLogPageSchema,
    },
  ]),
);
