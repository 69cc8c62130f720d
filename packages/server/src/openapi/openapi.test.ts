// @clip-databases sqlite postgres
// The OpenAPI document (issue 17): served from the live route table, every route documented with its
// contract schemas and security, and the committed docs/api/openapi.json identical to what is served.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { buildOpenApi, UndocumentedRoutes } from './build.ts';
import { ROUTE_DOCS } from './routes/index.ts';

const API_DOCS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../docs/api');
const COMMITTED = resolve(API_DOCS, 'openapi.json');
const REFERENCE_PAGE = resolve(API_DOCS, 'index.html');

let server: TestServer;
let doc: {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
        security?: unknown[];
        requestBody?: unknown;
        parameters?: { in: string; name: string }[];
      }
    >
  >;
  components: { schemas: Record<string, { enum?: string[] }>; securitySchemes: Record<string, unknown> };
};
let served = '';

test.before(async () => {
  server = await startTestServer();
  const res = await fetch(`${server.url}/api/openapi.json`);
  assert.is(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /application\/json/);
  served = await res.text();
  doc = JSON.parse(served);
});
test.after(() => server?.close());

test('the committed docs/api/openapi.json is what the server serves (run `npm run openapi` when this fails)', async () => {
  const committed = await readFile(COMMITTED, 'utf8');
  assert.ok(committed.trim() === served.trim(), 'docs/api/openapi.json is stale: run `npm run openapi`');
});

test('the committed reference page docs/api/index.html renders the committed document (run `npm run docs:api` when this fails)', async () => {
  const page = await readFile(REFERENCE_PAGE, 'utf8');
  // Redoc embeds the description it rendered as a JS object literal that is plain JSON.
  const marker = 'const __redoc_definition = ';
  const start = page.indexOf(marker);
  assert.ok(start >= 0, 'docs/api/index.html embeds no API description');
  const end = page.indexOf(';\n', start);
  const rendered = JSON.parse(page.slice(start + marker.length, end));
  assert.equal(rendered, JSON.parse(await readFile(COMMITTED, 'utf8')), 'docs/api/index.html is stale');
});

test('the reference page is self-contained: it loads no script, style or module from another host (offline it still works)', async () => {
  const page = await readFile(REFERENCE_PAGE, 'utf8');
  const remote = [
    ...page.matchAll(/<script[^>]*\ssrc="(https?:[^"]+)"/g),
    ...page.matchAll(/<link[^>]*\shref="(https?:[^"]+)"/g),
    ...page.matchAll(/\bimport\s*(?:[^'";]*?\sfrom\s*)?["'](https?:[^"']+)["']/g),
    ...page.matchAll(/@import\s+(?:url\()?["']?(https?:[^"')]+)/g),
  ].map((m) => m[1]);
  assert.equal(remote, [], 'run `npm run docs:api` (it inlines the Redoc bundle)');
});

test('every route of the route table is an operation with a success and error responses', () => {
  assert.is(doc.openapi, '3.1.0');
  const routes = server.app.routes;
  assert.ok(routes.length > 90, `only ${routes.length} routes`);
  for (const { method, path } of routes) {
    const op = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
    assert.ok(op, `${method} ${path} is not in the document`);
    const success = Object.entries(op.responses).find(([s]) => s.startsWith('2'));
    assert.ok(success, `${method} ${path} has no success response`);
    assert.ok(success[1].content, `${method} ${path}: success response has no content`);
    for (const [type, media] of Object.entries(success[1].content))
      assert.ok(media.schema, `${method} ${path}: ${type} answer has no schema`);
    // An envelope's `data` must be a real schema: `{}` (any JSON) documents nothing.
    for (const [status, answer] of Object.entries(op.responses).filter(([s]) => s.startsWith('2'))) {
      const envelope = answer.content?.['application/json']?.schema as
        | { properties?: { data?: Record<string, unknown> }; type?: string }
        | undefined;
      if (!envelope?.properties) continue; // raw answers (file bytes, this document)
      const data = envelope.properties.data;
      assert.ok(
        data && Object.keys(data).length > 0,
        `${method} ${path}: ${status} answer's data is undocumented (any JSON)`,
      );
    }
    assert.ok(op.responses['400'] && op.responses.default, `${method} ${path}: error responses missing`);
    for (const name of path.match(/:(\w+)/g) ?? [])
      assert.ok(
        op.parameters?.some((p) => p.in === 'path' && p.name === name.slice(1)),
        `${path}: ${name}`,
      );
  }
  const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item));
  assert.is(operations.length, routes.length);
});

test('security follows each route policy; error codes are the SDK list', () => {
  assert.equal(Object.keys(doc.components.securitySchemes).sort(), ['ApiKey', 'Bearer']);
  assert.equal(doc.paths['/api/admin/api-keys'].get.security, [{ Bearer: [] }]);
  assert.equal(doc.paths['/api/paste'].post.security, [{ Bearer: [] }, { ApiKey: [] }]);
  assert.equal(doc.paths['/api/paste/{slug}'].get.security, []);
  assert.equal(doc.components.schemas.ErrorCode.enum, [...ERROR_CODES]);
  // Bodies and queries come from the contract schemas, by reference.
  assert.ok(
    JSON.stringify(doc.paths['/api/paste'].post.requestBody).includes('#/components/schemas/CreatePasteBody'),
  );
  assert.ok(doc.components.schemas.CreatePasteBody);
  const list = doc.paths['/api/admin/fs/list'].get.parameters ?? [];
  assert.ok(list.some((p) => p.in === 'query' && p.name === 'path'));
});

test('a route without docs (or docs without a route) fails the build', () => {
  const routes = [
    ...server.app.routes,
    { method: 'GET', path: '/api/undocumented', policy: 'public' as const },
  ];
  assert.throws(
    () => buildOpenApi(routes),
    (e: unknown) => e instanceof UndocumentedRoutes && /\/api\/undocumented/.test(String(e)),
  );
  assert.throws(
    () => buildOpenApi(server.app.routes.slice(1)),
    (e: unknown) => e instanceof UndocumentedRoutes,
  );
});

test('a route whose success answer is documented as any JSON fails the build', () => {
  const route = server.app.routes.find((r) => r.method === 'GET' && r.path === '/api/admin/dashboard/stats');
  assert.ok(route);
  const key = `${route.method} ${route.path}`;
  const anyJson = { ...ROUTE_DOCS, [key]: { tag: 'Dashboard', summary: 'figures', response: {} } };
  assert.throws(
    () => buildOpenApi(server.app.routes, anyJson),
    (e: unknown) => e instanceof UndocumentedRoutes && String(e).includes(`any JSON: ${key}`),
  );
  const anyJsonOther = {
    ...ROUTE_DOCS,
    [key]: {
      tag: 'Dashboard',
      summary: 'figures',
      response: { type: 'object' },
      otherSuccesses: [{ status: 202, response: {}, description: 'queued' }],
    },
  };
  assert.throws(
    () => buildOpenApi(server.app.routes, anyJsonOther),
    (e: unknown) => e instanceof UndocumentedRoutes && String(e).includes(key),
  );
  // The real docs build (the served document is what they produce).
  assert.ok(buildOpenApi(server.app.routes, ROUTE_DOCS));
});

test.run();
