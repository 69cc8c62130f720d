/** `GET /api/{admin|user}/access-log`: the events of the caller's shares, as JSON pages or CSV. */
import { Readable } from 'node:stream';
import { accessLogQuerySchema } from '@clip/sdk/contract';
import type Router from '@koa/router';
import { actorOf } from '../../../http/auth.ts';
import { RAW } from '../../../http/envelope.ts';
import { checkQuery } from '../../../http/validate.ts';
import type { RouteDeps } from '../../../services/container.ts';
import type { Policy } from '../../../services/permissions.ts';

const SCOPES: { prefix: string; policy: Policy }[] = [
  { prefix: '/admin', policy: 'admin' },
  // Any key: it sees the events of the shares it made, whichever kinds those are.
  { prefix: '/user', policy: 'authenticated' },
];

export function registerAccessLogRoutes(router: Router, { services, auth }: RouteDeps): void {
  for (const { prefix, policy } of SCOPES)
    router.get(`${prefix}/access-log`, auth(policy), async (ctx) => {
      const query = checkQuery(accessLogQuerySchema, ctx.query);
      ctx.set('Cache-Control', 'no-store');
      if (query.format !== 'csv') {
        ctx.body = await services.accessLog.list(actorOf(ctx), query);
        return;
      }
      ctx.state[RAW] = true;
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', 'attachment; filename="access-log.csv"');
      ctx.body = Readable.from(services.accessLog.csv(actorOf(ctx), query));
    });
}
