/** File shares: uploads, presigned and multipart uploads, public reads and downloads, management. */
import type Router from '@koa/router';
import type { RouteDeps } from '../../services/container.ts';
import { registerFileManagementRoutes } from '../../shares/files/routes/manage.ts';
import { registerPublicFileRoutes } from '../../shares/files/routes/public.ts';
import { registerPresignRoutes } from './s3.ts';
import { registerUploadRoute } from './upload.ts';

export function registerFileRoutes(router: Router, deps: RouteDeps): void {
  registerUploadRoute(router, deps);
  registerPresignRoutes(router, deps);
  registerPublicFileRoutes(router, deps);
  registerFileManagementRoutes(router, deps);
}
