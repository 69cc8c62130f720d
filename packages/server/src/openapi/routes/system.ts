/** System, dashboard and cache routes. */
import * as c from '@clip/sdk';
import type { RouteDocs } from './types.ts';

export const systemDocs: RouteDocs = {
  'GET /api/health': { tag: 'System', summary: 'Liveness and database check', response: c.healthSchema },
  'GET /api/version': { tag: 'System', summary: 'Server name and version', response: c.versionInfoSchema },
  'GET /api/openapi.json': { tag: 'System', summary: 'This OpenAPI document', raw: 'application/json' },
  'GET /api/admin/system-settings': {
    tag: 'System',
    summary: 'System settings',
    response: c.systemSettingsSchema,
  },
  'PUT /api/admin/system-settings': {
    tag: 'System',
    summary: 'Update system settings',
    body: c.updateSystemSettingsBodySchema,
    response: c.systemSettingsSchema,
  },
  'GET /api/system/max-upload-size': {
    tag: 'System',
    summary: 'Largest accepted upload',
    response: c.maxUploadSizeSchema,
  },
  'GET /api/admin/dashboard/stats': {
    tag: 'Dashboard',
    summary: 'Dashboard figures',
    response: c.dashboardStatsSchema,
  },
  'POST /api/admin/cache/clear': {
    tag: 'Cache',
    summary: 'Clear every listing cache',
    response: c.cacheClearResultSchema,
  },
  'POST /api/user/cache/clear': {
    tag: 'Cache',
    summary: "Clear the caller's listing cache",
    response: c.cacheClearResultSchema,
  },
};
