/**
 * The route table answers every request as @koa/router's own dispatch does: the same routes run in the
 * same order with the same params, and the router's own 404/405/501/OPTIONS answers stay.
 */
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { routeDispatch } from './routeDispatch.ts';

/** Routes that overlap the way real tables do: a static path under a parameter, fall-through, wildcards. */
function makeRouter(): Router {
  const router = new Router({ prefix: '/api' });
  const answer = (name: string) => (ctx: Koa.Context) => {
    ctx.body = { name, params: ctx.params, before: ctx.state.before ?? null };
  };
  router.get('/health', answer('health'));
  router.get('/paste/recent', (ctx, next) => {
    ctx.state.before = 'recent';
    return ctx.query.pass ? next() : answer('recent')(ctx);
  });
  router.get('/paste/:slug', answer('paste'));
  router.post('/paste', answer('create'));
  router.put('/admin/pastes/:id', answer('update'));
  router.delete('/admin/pastes/:id', answer('delete'));
  router.get('/fs/:mount/{*rest}', answer('fs'));
  router.get('/files:ext', answer('odd'));
  router.get('/', answer('root'));
  return router;
}

async function serve(app: Koa): Promise<{ url: string; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((r) => server.close(() => r(undefined))),
  };
}

const REQUESTS: [string, string][] = [
  ['GET', '/api/health'],
  ['HEAD', '/api/health'],
  ['GET', '/api/health/'],
  ['GET', '/API/Health'],
  ['POST', '/api/health'],
  ['OPTIONS', '/api/health'],
  ['PROPFIND', '/api/health'],
  ['GET', '/api/paste/recent'],
  ['GET', '/api/paste/recent?pass=1'],
  ['GET', '/api/paste/abc'],
  ['GET', '/api/paste/a%20b'],
  ['GET', '/api/paste/%E0%A4%A'],
  ['GET', '/api/paste/abc/'],
  ['GET', '/api/paste/abc/more'],
  ['POST', '/api/paste'],
  ['POST', '/api/paste/'],
  ['DELETE', '/api/paste'],
  ['PUT', '/api/admin/pastes/7'],
  ['DELETE', '/api/admin/pastes/7'],
  ['GET', '/api/admin/pastes/7'],
  ['GET', '/api/fs/m1'],
  ['GET', '/api/fs/m1/'],
  ['GET', '/api/fs/m1/a/b.txt'],
  ['GET', '/api/files.txt'],
  ['GET', '/api/files'],
  ['GET', '/api'],
  ['GET', '/api/'],
  ['GET', '/api//health'],
  ['GET', '/api/nothing'],
  ['GET', '/elsewhere'],
  ['PROPFIND', '/elsewhere'],
];

test('the table runs what the router runs, and leaves misses to the router', async () => {
  const router = makeRouter();
  const viaRouter = new Koa();
  viaRouter.use(router.routes());
  viaRouter.use(router.allowedMethods());
  const dispatch = routeDispatch(router);
  const viaTable = new Koa();
  viaTable.use((ctx, next) => dispatch(ctx, ctx.path, next));
  const a = await serve(viaRouter);
  const b = await serve(viaTable);
  try {
    for (const [method, path] of REQUESTS) {
      const [expected, actual] = await Promise.all(
        [a, b].map(async ({ url }) => {
          const res = await fetch(url + path, { method });
          return { status: res.status, allow: res.headers.get('allow'), body: await res.text() };
        }),
      );
      assert.equal(actual, expected, `${method} ${path}`);
    }
  } finally {
    await a.close();
    await b.close();
  }
});

test.run();
