/** Upload requests: management under /admin and /user, and the anonymous upload under /public/r. */
import type Router from '@koa/router';
import type { RouteDeps } from '../../../services/container.ts';
import { registerUploadRequestManagementRoutes } from './manage.ts';
import { registerPublicUploadRequestRoutes } from './public.ts';

export function registerUploadRequestRoutes(router: Router, deps: RouteDeps): void {
  registerUploadRequestManagementRoutes(router, deps);
  registerPublicUploadRequestRoutes(router, deps);
}
