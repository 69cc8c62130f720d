// @clip-databases sqlite postgres
// Contract property tests from the OpenAPI document (issue 17): for every documented operation, inputs
// generated from its schemas. Valid ones must answer a 2xx whose body validates against the documented
// answer (or a documented 4xx envelope, such as 404 for a random id); invalid ones (wrong types, missing
// required fields, non-finite numbers, NUL, over-long strings) must answer a 4xx envelope. Zero 5xx.
import { ERROR_CODES } from '@clip/sdk';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, TEST_ADMIN, type TestServer } from '../testing/testServer.ts';
import { invalidMutations, resolver, type Schema, validArb } from './schemaArbitrary.ts';

/** Per operation: bounded so the file stays well under two minutes on a loaded 2-core machine. */
const VALID_RUNS = 3;
const INVALID_RUNS = 4;
const SEED = 0x17c0de;

/** Valid calls these would end the session or reach out to the network: they get invalid inputs only. */
const NO_VALID_CALLS = new Set([
  'POST /api/admin/logout',
  'POST /api/admin/change-password',
  'POST /api/url/info',
  'GET /api/url/proxy',
  'POST /api/url/presign',
  'POST /api/url/multipart/init',
  'POST /api/s3-configs/{id}/test',
  'POST /api/admin/fs/fetch-url',
  'POST /api/user/fs/fetch-url',
]);

interface Operation {
  key: string;
  method: string;
  path: string;
  op: Schema;
}

let server: TestServer;
let token = '';
let doc: Schema;
let resolve: (s: Schema) => Schema;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
let operations: Operation[] = [];
const fiveHundreds: string[] = [];
let requests = 0;

test.before(async () => {
  server = await startTestServer();
  token = await server.adminToken();
  doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Schema;
  resolve = resolver(doc);
  ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Schema>>))
    for (const [method, op] of Object.entries(item))
      operations.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, op });
  operations = operations.sort((a, b) => a.key.localeCompare(b.key));
});
test.after(() => server?.close());

const anchored = (schema: unknown): Schema =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));

const validators = new Map<unknown, ReturnType<typeof ajv.compile>>();
function validate(schema: unknown, value: unknown): string | null {
  let fn = validators.get(schema);
  if (!fn) {
    fn = ajv.compile(anchored(schema));
    validators.set(schema, fn);
  }
  return fn(value) ? null : ajv.errorsText(fn.errors);
}

function parts(op: Schema) {
  const params = (op.parameters ?? []) as { name: string; in: string; required: boolean; schema: Schema }[];
  const content = ((op.requestBody as Schema | undefined)?.content ?? {}) as Record<
    string,
    { schema: Schema }
  >;
  return {
    pathParams: params.filter((p) => p.in === 'path'),
    query: {
      type: 'object',
      properties: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
      required: params.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
    } as Schema,
    json: content['application/json']?.schema,
    otherBody: Object.keys(content).find((t) => t !== 'application/json'),
  };
}

interface Call {
  pathValues: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
}

async function send(
  o: Operation,
  call: Call,
): Promise<{ status: number; type: string; body: unknown; text: string }> {
  const path = o.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(call.pathValues[n]));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(call.query)) if (v !== undefined) qs.set(k, String(v));
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let body: string | undefined;
  if (call.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
  }
  const res = await fetch(`${server.url}${path}${qs.size ? `?${qs}` : ''}`, {
    method: o.method,
    headers,
    body,
    redirect: 'manual',
  });
  requests++;
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  let parsed: unknown = null;
  if (type.includes('application/json'))
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  if (res.status >= 500)
    fiveHundreds.push(
      `${o.key} ${JSON.stringify(call).slice(0, 300)} -> ${res.status} ${text.slice(0, 200)}`,
    );
  return { status: res.status, type, body: parsed, text };
}

function assertErrorEnvelope(o: Operation, status: number, body: unknown, what: string): void {
  const e = body as { success?: boolean; error?: string; code?: number; message?: string };
  assert.ok(
    e && e.success === false,
    `${o.key} (${what}): ${status} is not a failure envelope: ${JSON.stringify(body)?.slice(0, 200)}`,
  );
  assert.is(e.code, status, `${o.key}: envelope code ${e.code} for status ${status}`);
  assert.ok(ERROR_CODES.includes(e.error as never), `${o.key}: unknown error code ${e.error}`);
  assert.ok(typeof e.message === 'string' && e.message.length > 0, `${o.key}: empty message`);
}

/** Runs a property; a failure names the operation, the assertion and the input (uvu shows no cause). */
async function holds<T>(o: Operation, property: fc.IAsyncProperty<T>, numRuns: number): Promise<void> {
  const out = await fc.check(property, { numRuns, seed: SEED, endOnFailure: true });
  if (out.failed)
    assert.unreachable(
      `${o.key}: ${(out.errorInstance as Error)?.message ?? out.errorInstance} with ${JSON.stringify(out.counterexample)?.slice(0, 400)}`,
    );
}

/** Random ids are unknown records: the documented 404 (or 400 for a malformed one) is the answer. */
const pathValueArb = fc.oneof(
  fc.constant('00000000-0000-0000-0000-000000000000'),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/),
);

function callArb(o: Operation, bodyArb: fc.Arbitrary<unknown> | null): fc.Arbitrary<Call> {
  const p = parts(o.op);
  const pathValues = fc.record(Object.fromEntries(p.pathParams.map((x) => [x.name, pathValueArb])));
  const query = validArb(p.query, resolve) as fc.Arbitrary<Record<string, unknown>>;
  return fc.record({ pathValues, query, body: bodyArb ?? fc.constant(undefined) }) as fc.Arbitrary<Call>;
}

test('valid inputs answer a documented success or a documented 4xx envelope', async () => {
  let checked = 0;
  for (const o of operations) {
    if (NO_VALID_CALLS.has(o.key)) continue;
    const p = parts(o.op);
    if (p.otherBody) continue; // multipart and raw-byte uploads: covered by their own suites
    const responses = o.op.responses as Record<string, { content?: Record<string, { schema: Schema }> }>;
    const documented = Object.keys(responses);
    await holds(
      o,
      fc.asyncProperty(callArb(o, p.json ? validArb(p.json, resolve) : null), async (call) => {
        const res = await send(o, call);
        assert.ok(res.status < 500, `${o.key}: ${res.status} ${res.text.slice(0, 200)}`);
        if (res.status < 300) {
          const success = responses[String(res.status)];
          assert.ok(success, `${o.key}: ${res.status} is not a documented success (${documented})`);
          const json = success.content?.['application/json'];
          if (json && res.type.includes('application/json')) {
            const problem = validate(json.schema, res.body);
            assert.not.ok(problem, `${o.key}: answer does not match the document: ${problem}`);
          }
        } else if (res.status >= 400) {
          assert.ok(
            documented.includes(String(res.status)) || documented.includes('default'),
            `${o.key}: ${res.status}`,
          );
          assertErrorEnvelope(o, res.status, res.body, 'valid input');
        }
      }),
      VALID_RUNS,
    );
    checked++;
  }
  assert.ok(checked > 100, `only ${checked} operations exercised`);
});

/** Query values are text on the wire: only these are certain to be invalid there. */
function invalidQueryArb(
  query: Schema,
): fc.Arbitrary<{ kind: string; apply: (q: Record<string, unknown>) => Record<string, unknown> }> | null {
  const props = (query.properties ?? {}) as Record<string, Schema>;
  const options: fc.Arbitrary<{
    kind: string;
    apply: (q: Record<string, unknown>) => Record<string, unknown>;
  }>[] = [];
  for (const [name, raw] of Object.entries(props)) {
    const s = resolve(raw);
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (types.includes('integer') || types.includes('number'))
      options.push(
        fc
          .constantFrom('abc', '1e999', '-1e999', 'NaN')
          .map((v) => ({ kind: `${name}=${v}`, apply: (q) => ({ ...q, [name]: v }) })),
      );
    if (types.includes('boolean'))
      options.push(fc.constant({ kind: `${name}=maybe`, apply: (q) => ({ ...q, [name]: 'maybe' }) }));
    if (types.includes('string')) {
      options.push(fc.constant({ kind: `${name} NUL`, apply: (q) => ({ ...q, [name]: 'a\u0000b' }) }));
      if (typeof s.maxLength === 'number')
        options.push(
          fc.constant({
            kind: `${name} over-long`,
            apply: (q) => ({ ...q, [name]: 'x'.repeat((s.maxLength as number) + 1) }),
          }),
        );
    }
  }
  for (const name of (query.required as string[]) ?? [])
    options.push(
      fc.constant({
        kind: `${name} missing`,
        apply: (q) => {
          const { [name]: _, ...rest } = q;
          return rest;
        },
      }),
    );
  return options.length ? fc.oneof(...options) : null;
}

test('invalid inputs answer a 4xx envelope', async () => {
  let checked = 0;
  for (const o of operations) {
    const p = parts(o.op);
    const queryBreak = invalidQueryArb(p.query);
    const bodyBreak = p.json ? invalidMutations(p.json, resolve) : null;
    if (!queryBreak && !bodyBreak && !p.otherBody) continue;
    const arb = fc.record({
      call: callArb(o, p.json ? validArb(p.json, resolve) : null),
      where: fc.constantFrom(
        ...([queryBreak && 'query', bodyBreak && 'body', p.otherBody && 'content-type'].filter(
          Boolean,
        ) as string[]),
      ),
      queryMutation: queryBreak ?? fc.constant(null),
      bodyMutation: bodyBreak ?? fc.constant(null),
    });
    await holds(
      o,
      fc.asyncProperty(arb, async ({ call, where, queryMutation, bodyMutation }) => {
        let kind = 'JSON body where the route takes another content type';
        if (where === 'query' && queryMutation) {
          kind = queryMutation.kind;
          call = { ...call, query: queryMutation.apply(call.query) };
        } else if (where === 'body' && bodyMutation) {
          kind = bodyMutation.kind;
          call = { ...call, body: bodyMutation.apply(call.body as Record<string, unknown>) };
        } else call = { ...call, body: { file: 'not a form' } };
        const res = await send(o, call);
        assert.ok(
          res.status >= 400 && res.status < 500,
          `${o.key} (${kind}): answered ${res.status} ${res.text.slice(0, 200)}`,
        );
        assertErrorEnvelope(o, res.status, res.body, kind);
      }),
      INVALID_RUNS,
    );
    checked++;
  }
  assert.ok(checked > 60, `only ${checked} operations exercised`);
});

/** A known-good call; its answer must match the operation's documented success schema exactly. */
async function documented(key: string, call: Partial<Call> = {}): Promise<Record<string, unknown>> {
  const o = operations.find((x) => x.key === key);
  assert.ok(o, `${key} is not documented`);
  const res = await send(o, { pathValues: {}, query: {}, ...call });
  const responses = o.op.responses as Record<string, { content?: Record<string, { schema: Schema }> }>;
  const success = responses[String(res.status)];
  assert.ok(success && res.status < 300, `${key}: ${res.status} ${res.text.slice(0, 200)}`);
  const problem = validate(success.content?.['application/json']?.schema, res.body);
  assert.not.ok(problem, `${key}: ${problem}`);
  return (res.body as { data: Record<string, unknown> }).data;
}

test('known-good calls answer exactly what the document says (login, text shares, keys, tasks)', async () => {
  await documented('POST /api/admin/login', { body: TEST_ADMIN });
  const created = await documented('POST /api/paste', { body: { content: 'documented' } });
  const record = await documented('GET /api/admin/pastes/{id}', { pathValues: { id: String(created.id) } });
  assert.is(record.content, 'documented');
  const list = await documented('GET /api/admin/pastes');
  assert.ok((list.items as unknown[]).length >= 1);
  await documented('GET /api/admin/api-keys');
  await documented('GET /api/admin/tasks');
  await documented('GET /api/version');
  await documented('GET /api/health');
});

test('zero 5xx across the run, and the server still answers', async () => {
  assert.equal(fiveHundreds, []);
  assert.ok(requests > 500, `only ${requests} requests`);
  const health = await fetch(`${server.url}/api/health`);
  assert.is(health.status, 200);
});

test.run();
