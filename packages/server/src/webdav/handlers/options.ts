/** OPTIONS: what this server speaks; answered without authentication (clients probe before they log in). */
import type { Context } from 'koa';

export const ALLOWED_METHODS =
  'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, MKCOL, COPY, MOVE, LOCK, UNLOCK';

export function options(ctx: Context): void {
  ctx.status = 200;
  ctx.set('DAV', '1, 2');
  ctx.set('MS-Author-Via', 'DAV');
  ctx.set('Allow', ALLOWED_METHODS);
  ctx.set('Accept-Ranges', 'bytes');
  ctx.length = 0;
  ctx.body = '';
}
