/** Every route's docs, by area. The OpenAPI test fails when a route has none or docs name no route. */

import { accessLogDocs } from '../../shares/core/accessLog/accessLogDocs.ts';
import { pathShareDocs } from '../../shares/paths/pathShareDocs.ts';
import { uploadRequestDocs } from '../../shares/requests/requestDocs.ts';
import { pasteDocs } from '../../shares/text/pasteDocs.ts';
import { apiKeyDocs, authDocs } from './auth.ts';
import { fileShareDocs } from './fileShares.ts';
import { fsDocs } from './fs.ts';
import { mountDocs } from './mounts.ts';
import { storageConfigDocs } from './storageConfigs.ts';
import { systemDocs } from './system.ts';
import { taskDocs } from './tasks.ts';
import type { RouteDocs } from './types.ts';
import { urlUploadDocs } from './urlUploads.ts';

export type { EnvelopeRouteDoc, RawRouteDoc, RouteDoc, RouteDocs } from './types.ts';

function merged(...areas: RouteDocs[]): RouteDocs {
  const all: RouteDocs = {};
  for (const area of areas)
    for (const [key, doc] of Object.entries(area)) {
      if (key in all) throw new Error(`${key} is documented twice`);
      all[key] = doc;
    }
  return all;
}

export const ROUTE_DOCS: Readonly<RouteDocs> = merged(
  systemDocs,
  authDocs,
  apiKeyDocs,
  pasteDocs,
  fileShareDocs,
  urlUploadDocs,
  storageConfigDocs,
  fsDocs,
  taskDocs,
  mountDocs,
  uploadRequestDocs,
  pathShareDocs,
  accessLogDocs,
);
