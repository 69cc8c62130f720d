/** `GET /api/openapi.json`: the document built from the live route table (built once, then reused). */
import type Router from '@koa/router';
import { RAW } from '../../http/envelope.ts';
import type { RouteEntry } from '../../openapi/routeTable.ts';

export function registerOpenApiRoute(router: Router, routes: () => readonly RouteEntry[]): void {
  let doc: string | null = null;
  router.get('/openapi.json', async (ctx) => {
    // The generator and the route docs are loaded by the first request for the document, not at start.
    if (doc === null) {
      const { buildOpenApi } = await import('../../openapi/build.ts');
      doc = JSON.stringify(buildOpenApi(routes()), null, 2);
    }
    ctx.state[RAW] = true;
    ctx.type = 'application/json';
    ctx.body = doc;
  });
}
