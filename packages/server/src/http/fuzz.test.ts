// @clip-databases sqlite postgres
// A seeded fuzz of the whole HTTP surface (issue 9): every route of the router's table, as admin and
// anonymous, gets hostile params, queries, bodies and headers. Each answer must be a 2xx, or a 4xx JSON
// envelope with success:false; never a 5xx; and the server must still answer /api/health afterwards.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../testing/testServer.ts';

const SEED = 0x5eed_c11b;

/** mulberry32: small, seeded, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** URL parameter values, already percent-encoded as they go on the wire. */
const PARAMS = [
  'abc',
  '00000000-0000-0000-0000-000000000000',
  '%00',
  'a%00b',
  '%FF%FE',
  '%E0%A4%A',
  '%zz',
  '..%2F..%2Fetc%2Fpasswd',
  '%2E%2E',
  'x'.repeat(4000),
  'y'.repeat(20_000),
  '1e999',
  '-1',
  '%F0%9F%92%A9',
];

const QUERIES = [
  '',
  'limit=1e400',
  'page=-1e999',
  'offset=1e400&limit=NaN',
  'limit=abc&page=1.5',
  'search=%00',
  'search=%E0%A4%A',
  `search=${'s'.repeat(5000)}`,
  'exp=1e999&sig=%00',
  'url=%00',
  'url=not-a-url',
  'limit[]=1&limit[]=2',
  'order=sideways',
  'password=%FF',
  'offset=1e20&limit=1e20',
  'page=9007199254740993&offset=-0',
];

/** Raw bodies (sent as application/json unless noted): malformed, wrong types, hostile values. */
const BODIES: (string | Buffer)[] = [
  '{"a":',
  '[]',
  '"just a string"',
  '123',
  'null',
  '{}',
  '{"content":1e999,"expires_in":1e999,"max_views":-1e400,"size":1e999}',
  '{"content":"a\\u0000b","name":"\\u0000","url":"\\u0000","username":"\\u0000","password":"\\u0000"}',
  '{"ids":"not-an-array","id":{},"file_id":[],"slug":5,"url":5,"filename":null}',
  '{"ids":[1e999,null,{}],"parts":[{"part_number":1e400,"etag":7}]}',
  `{"content":"${'c'.repeat(200_000)}","title":"${'t'.repeat(50_000)}"}`,
  `{"url":"http://%E0%A4%A","filename":"${'f'.repeat(10_000)}"}`,
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `{"a":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
  Buffer.concat([
    Buffer.from('{"content":"'),
    Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0]),
    Buffer.from('"}'),
  ]),
  Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
  '{"size":1e20,"max_views":9007199254740993,"expires_in":1e300,"max_upload_size":1e300,"part_size":1e20,"metadata":{"size":1e300}}',
  '{"old_password":1e999,"new_password":[],"max_upload_size":"1e999","total_storage_bytes":-1e400}',
];

const AUTHS = ['Bearer ', `Bearer ${'x'.repeat(5000)}`, 'Basic Zm9vOmJhcg==', 'Bearer null', 'ApiKey %00'];

interface Case {
  method: string;
  path: string;
  auth: string | null;
  body: string | Buffer | null;
  contentType: string | null;
}

/** `n` distinct items of `list`, chosen by the seeded generator. */
function sample<T>(list: readonly T[], n: number, rand: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}

/**
 * A bounded, seeded set of cases for one route and one identity: `share` of each family of hostile
 * input (the whole run still covers every value on many routes, and stays fast on a loaded machine).
 */
function casesFor(
  method: string,
  template: string,
  auth: string | null,
  share: number,
  rand: () => number,
): Case[] {
  const route = template.replace(/^\/api/, '');
  const fill = (value?: string) =>
    `/api${route.replace(/:[a-zA-Z_]+/g, () => value ?? PARAMS[Math.floor(rand() * PARAMS.length)])}`;
  const out: Case[] = [];
  const count = (list: readonly unknown[]) => Math.max(1, Math.round(list.length * share));
  const hasBody = method === 'POST' || method === 'PUT' || method === 'DELETE';
  if (route.includes(':'))
    for (const value of sample(PARAMS, count(PARAMS), rand))
      out.push({ method, path: fill(value), auth, body: null, contentType: null });
  for (const q of sample(QUERIES, count(QUERIES), rand))
    out.push({ method, path: `${fill()}${q ? `?${q}` : ''}`, auth, body: null, contentType: null });
  if (hasBody)
    for (const body of sample(BODIES, count(BODIES), rand))
      out.push({
        method,
        path: fill(),
        auth,
        body,
        contentType:
          rand() < 0.85
            ? 'application/json'
            : rand() < 0.5
              ? 'text/plain'
              : 'multipart/form-data; boundary=Z',
      });
  return out;
}

let server: TestServer;
test.before(async () => {
  // The hostile credentials below would spend this client's one guessing budget and leave the admin
  // cases nothing but 429: a budget too large to spend keeps every route reached.
  server = await startTestServer({ loginMaxFailures: 1_000_000 });
});
test.after(async () => server?.close());

async function send(c: Case): Promise<{ status: number; text: string; type: string }> {
  const headers: Record<string, string> = {};
  if (c.auth) headers.authorization = c.auth;
  if (c.contentType) headers['content-type'] = c.contentType;
  const res = await fetch(`${server.url}${c.path}`, {
    method: c.method,
    headers,
    body: c.body ?? undefined,
    redirect: 'manual',
  });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
}

function check(c: Case, answer: { status: number; text: string; type: string }): void {
  const label = `${c.method} ${c.path.slice(0, 120)} auth=${c.auth?.slice(0, 20) ?? 'none'} body=${String(c.body ?? '').slice(0, 60)}`;
  assert.ok(answer.status < 500, `${label} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  if (answer.status >= 200 && answer.status < 300) return;
  assert.ok(answer.status >= 300, `${label} answered ${answer.status}`);
  if (answer.status === 304) return;
  let env: { success?: unknown; message?: unknown; code?: unknown };
  try {
    env = JSON.parse(answer.text);
  } catch {
    throw new assert.Assertion({
      message: `${label}: ${answer.status} is not a JSON envelope: ${answer.text.slice(0, 200)}`,
    } as never);
  }
  assert.is(env.success, false, label);
  assert.is(env.code, answer.status, label);
  assert.ok(typeof env.message === 'string' && env.message.length > 0, `${label}: no message`);
}

test('every route, hostile input, admin and anonymous: 2xx or a 4xx envelope, never a 5xx, server alive', async () => {
  const routes = server.app.routes;
  assert.ok(routes.length > 50, `the route table has ${routes.length} routes`);
  // Logging out or changing the password would end the admin session the rest of the run uses: last.
  const ordered = [...routes].sort(
    (a, b) => Number(/logout|change-password/.test(a.path)) - Number(/logout|change-password/.test(b.path)),
  );
  const rand = prng(SEED);
  const admin = `Bearer ${await server.adminToken()}`;
  let sent = 0;
  for (const route of ordered) {
    // A method no route registers (PATCH): a 405 envelope, like any other refusal.
    const unsupported: Case = {
      method: 'PATCH',
      path: `/api${route.path.replace(/^\/api/, '').replace(/:[a-zA-Z_]+/g, 'abc')}`,
      auth: admin,
      body: '{}',
      contentType: 'application/json',
    };
    const refused = await send(unsupported);
    check(unsupported, refused);
    assert.is(refused.status, 405, `PATCH ${route.path}`);
    const identities: [string | null, number][] = [
      [admin, 0.3],
      [null, 0.12],
      [AUTHS[Math.floor(rand() * AUTHS.length)], 0.08],
    ];
    for (const [auth, share] of identities) {
      for (const c of casesFor(route.method, route.path, auth, share, rand)) {
        check(c, await send(c));
        sent++;
      }
      const health = await fetch(`${server.url}/api/health`);
      assert.is(health.status, 200, `health after ${route.method} ${route.path}`);
      await health.arrayBuffer();
    }
  }
  assert.ok(sent > 800, `${sent} requests sent`);
  console.log(`  fuzz: ${sent} requests over ${routes.length} routes (seed ${SEED.toString(16)})`);
});

test.run();
