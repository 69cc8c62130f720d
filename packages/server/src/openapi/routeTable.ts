/** The API's route table read back from the @koa/router stack: method, path and auth policy. */
import type Router from '@koa/router';
import { policyOf } from '../http/auth.ts';
import type { Policy } from '../services/permissions.ts';

export interface RouteEntry {
  method: string;
  /** As registered, `:params` included, with the router's `/api` prefix. */
  path: string;
  policy: Policy;
}

export function routeTable(router: Router): RouteEntry[] {
  return router.stack.flatMap((layer) =>
    typeof layer.path === 'string'
      ? layer.methods
          .filter((m) => m !== 'HEAD')
          .map((method) => ({ method, path: layer.path as string, policy: policyOf(layer.stack) }))
      : [],
  );
}
