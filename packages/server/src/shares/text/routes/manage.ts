/**
 * Managing text shares: `/admin/pastes` (the admin, paged by `page`) and `/user/pastes` (API keys with
 * text permission, paged by `offset`). Same shapes; which shares are visible is the service's decision.
 */
import {
  clearExpiredBodySchema,
  idsBodySchema,
  PAGE_SIZE_ADMIN_PASTES,
  PAGE_SIZE_USER_PASTES,
  type PasteListQuery,
  pasteListQuerySchema,
  updatePasteBodySchema,
} from '@clip/sdk/contract';
import type Router from '@koa/router';
import { badRequest } from '../../../http/appError.ts';
import { actorOf } from '../../../http/auth.ts';
import { largeJsonBody } from '../../../http/jsonBody.ts';
import { checkBody, checkQuery } from '../../../http/validate.ts';
import type { RouteDeps } from '../../../services/container.ts';
import type { Policy } from '../../../services/permissions.ts';
import { registerShareItemRoutes } from '../../core/shareItemRoutes.ts';

interface Paging {
  limit: number;
  offset: number;
  /** The paging fields the answer echoes: the ones the caller paged by. */
  echo: { page: number; limit: number } | { limit: number; offset: number };
}

/** Paging by `page` or by `offset`; without either, the scope's own default style. */
export function pagingOf(
  query: PasteListQuery,
  defaultStyle: 'page' | 'offset',
  defaultLimit: number,
): Paging {
  if (query.page !== undefined && query.offset !== undefined)
    throw badRequest('query: give page or offset, not both');
  const limit = query.limit ?? defaultLimit;
  if (query.page !== undefined || (query.offset === undefined && defaultStyle === 'page')) {
    const page = query.page ?? 1;
    return { limit, offset: (page - 1) * limit, echo: { page, limit } };
  }
  const offset = query.offset ?? 0;
  return { limit, offset, echo: { limit, offset } };
}

const SCOPES: { prefix: string; policy: Policy; style: 'page' | 'offset'; pageSize: number }[] = [
  { prefix: '/admin/pastes', policy: 'admin', style: 'page', pageSize: PAGE_SIZE_ADMIN_PASTES },
  { prefix: '/user/pastes', policy: 'text', style: 'offset', pageSize: PAGE_SIZE_USER_PASTES },
];

export function registerPasteManagementRoutes(router: Router, { services, auth }: RouteDeps): void {
  const { pastes } = services;
  const textBody = largeJsonBody(services.config.maxTextBytes + 64 * 1024);

  for (const scope of SCOPES) {
    const { prefix, policy } = scope;
    router.get(prefix, auth(policy), async (ctx) => {
      const query = checkQuery(pasteListQuerySchema, ctx.query);
      const { limit, offset, echo } = pagingOf(query, scope.style, scope.pageSize);
      const { items, total } = await pastes.list(actorOf(ctx), {
        search: query.search,
        order: query.order,
        limit,
        offset,
      });
      ctx.body = { items, total, ...echo };
    });
    router.post(`${prefix}/batch-delete`, auth(policy), async (ctx) => {
      ctx.body = await pastes.batchDelete(actorOf(ctx), checkBody(idsBodySchema, ctx.request.body).ids);
    });
    registerShareItemRoutes(router, prefix, pastes, updatePasteBodySchema, {
      auth: auth(policy),
      updateBody: textBody,
    });
  }

  router.post('/admin/pastes/clear-expired', auth('admin'), async (ctx) => {
    const { clearExpired } = checkBody(clearExpiredBodySchema, ctx.request.body ?? {});
    ctx.body = clearExpired === false ? { deleted: 0 } : await pastes.clearExpired(actorOf(ctx));
  });
}
