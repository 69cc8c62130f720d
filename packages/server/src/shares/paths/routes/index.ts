/** Path shares: management (`/admin|user/path-shares`) and the public side (`/public/s/{slug}`). */
import type Router from '@koa/router';
import type { RouteDeps } from '../../../services/container.ts';
import { registerPathShareManagementRoutes } from './manage.ts';
import { registerPublicPathShareRoutes } from './public.ts';

export function registerPathShareRoutes(router: Router, deps: RouteDeps): void {
  registerPathShareManagementRoutes(router, deps);
  registerPublicPathShareRoutes(router, deps);
}
