/**
 * Managing path shares: `/admin/path-shares` (the admin, every share) and `/user/path-shares` (API keys
 * with mount permission, their own shares). Same shapes; which shares are visible is the service's call.
 */
import {
  createPathShareBodySchema,
  pathShareListQuerySchema,
  updatePathShareBodySchema,
} from '@clip/sdk/contract';
import type Router from '@koa/router';
import { actorOf } from '../../../http/auth.ts';
import { checkBody, checkQuery } from '../../../http/validate.ts';
import type { RouteDeps } from '../../../services/container.ts';
import type { Policy } from '../../../services/permissions.ts';
import { registerShareItemRoutes } from '../../core/shareItemRoutes.ts';

export const PATH_SHARE_SCOPES: { prefix: string; policy: Policy }[] = [
  { prefix: '/admin/path-shares', policy: 'admin' },
  { prefix: '/user/path-shares', policy: 'mount' },
];

export function registerPathShareManagementRoutes(router: Router, { services, auth }: RouteDeps): void {
  const { pathShares } = services;
  for (const { prefix, policy } of PATH_SHARE_SCOPES) {
    router.post(prefix, auth(policy), async (ctx) => {
      ctx.status = 201;
      ctx.body = await pathShares.create(
        actorOf(ctx),
        checkBody(createPathShareBodySchema, ctx.request.body),
      );
    });
    router.get(prefix, auth(policy), async (ctx) => {
      ctx.body = await pathShares.list(actorOf(ctx), checkQuery(pathShareListQuerySchema, ctx.query));
    });
    registerShareItemRoutes(router, prefix, pathShares, updatePathShareBodySchema, { auth: auth(policy) });
  }
}
