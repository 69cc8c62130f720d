// @clip-databases sqlite postgres
// Contract property tests from the OpenAPI document (issue 17): for every documented operation, inputs
// generated from its schemas. Valid ones must answer a 2xx whose body validates against the documented
// answer (or a documented 4xx envelope, such as 404 for a random id); invalid ones (wrong types, missing
// required fields, non-finite numbers, NUL, over-long strings) must answer a 4xx envelope. Zero 5xx.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { type Call, contractHarness, type Harness, type Operation } from './testing/contractHarness.ts';
import { walkFs, walkMounts, walkTasks } from './testing/knownGood/fs.ts';
import { walkPathShares } from './testing/knownGood/pathShares.ts';
import { durableRecords, type KnownValue } from './testing/knownGood/records.ts';
import { walkUploadRequests } from './testing/knownGood/requests.ts';
import {
  walkAccessLog,
  walkFileShares,
  walkPastes,
  walkPresignedShares,
  walkStorageConfigs,
  walkSystemAndAuth,
} from './testing/knownGood/shares.ts';
import { type Fixture, startFixture, walker } from './testing/knownGood/walker.ts';
import { invalidMutations, type Schema, validArb } from './testing/schemaArbitrary.ts';

/** Per operation: bounded so the file stays well under two minutes on a loaded 2-core machine. */
const VALID_RUNS = 3;
const INVALID_RUNS = 4;
const SEED = 0x17c0de;

/** Random valid calls of these would end the session or reach out to the network: invalid inputs only. */
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

let server: TestServer;
let fixture: Fixture;
let h: Harness;
let known: KnownValue[] = [];

test.before(async () => {
  // URL uploads fetch from a local HTTP server standing in for the internet.
  server = await startTestServer({ allowPrivateUrls: true });
  fixture = await startFixture(server);
  h = await contractHarness(server, await server.adminToken());
});
test.after(async () => {
  await fixture?.close();
  await server?.close();
});

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

test('every operation answers a documented success matching its schema for a known-good call', async () => {
  const w = walker(h, fixture);
  await walkSystemAndAuth(w);
  await walkStorageConfigs(w);
  await walkPastes(w);
  await walkFileShares(w);
  await walkPresignedShares(w);
  await walkAccessLog(w);
  const mounts = await walkMounts(w);
  const copyTasks = await walkFs(w, mounts);
  await walkUploadRequests(w, mounts);
  await walkTasks(w, copyTasks);
  await walkPathShares(w, mounts);
  await w.okRaw('GET /api/openapi.json');
  known = await durableRecords(w);
  const never = h.operations.map((o) => o.key).filter((k) => !h.succeeded.has(k));
  assert.equal(never, [], `operations never shown to answer their documented success: ${never.join(', ')}`);
});

/** Runs a property; a failure names the operation, the assertion and the input (uvu shows no cause). */
async function holds<T>(o: Operation, property: fc.IAsyncProperty<T>, numRuns: number): Promise<void> {
  const out = await fc.check(property, { numRuns, seed: SEED, endOnFailure: true });
  if (out.failed)
    assert.unreachable(
      `${o.key}: ${(out.errorInstance as Error)?.message ?? out.errorInstance} with ${JSON.stringify(out.counterexample)?.slice(0, 400)}`,
    );
}

/** Random ids are unknown records: the documented 404 (or 400 for a malformed one) is the answer. */
const randomPathValueArb = fc.oneof(
  fc.constant('00000000-0000-0000-0000-000000000000'),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/),
);

/**
 * A real record's id or slug (kept by `durableRecords`) or a random one. DELETEs get random ones only:
 * operations run in order, and the records must outlive them for the GETs, PUTs and POSTs.
 */
function pathValueArb(o: Operation, param: string): fc.Arbitrary<string> {
  const real = known.filter((k) => k.param === param && k.path.test(o.path)).map((k) => k.value);
  if (o.method === 'DELETE' || !real.length) return randomPathValueArb;
  return fc.oneof(fc.constantFrom(...real), randomPathValueArb);
}

function callArb(o: Operation, bodyArb: fc.Arbitrary<unknown> | null): fc.Arbitrary<Call> {
  const p = parts(o.op);
  const pathValues = fc.record(
    Object.fromEntries(p.pathParams.map((x) => [x.name, pathValueArb(o, x.name)])),
  );
  const query = validArb(p.query, h.resolve) as fc.Arbitrary<Record<string, unknown>>;
  return fc.record({ pathValues, query, body: bodyArb ?? fc.constant(undefined) }) as fc.Arbitrary<Call>;
}

test('valid inputs answer a documented success or a documented 4xx envelope', async () => {
  let checked = 0;
  for (const o of h.operations) {
    if (NO_VALID_CALLS.has(o.key)) continue;
    const p = parts(o.op);
    if (p.otherBody) continue; // multipart and raw-byte uploads: covered by their own suites
    const responses = o.op.responses as Record<string, { content?: Record<string, { schema: Schema }> }>;
    const documented = Object.keys(responses);
    await holds(
      o,
      fc.asyncProperty(callArb(o, p.json ? validArb(p.json, h.resolve) : null), async (call) => {
        const res = await h.send(o, call);
        assert.ok(res.status < 500, `${o.key}: ${res.status} ${res.text.slice(0, 200)}`);
        if (res.status < 300) {
          const problem = h.checkSuccess(o, res);
          assert.not.ok(problem, `${o.key}: ${problem}`);
        } else if (res.status >= 400) {
          assert.ok(
            documented.includes(String(res.status)) || documented.includes('default'),
            `${o.key}: ${res.status}`,
          );
          h.assertErrorEnvelope(o, res.status, res.body, 'valid input');
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
    const s = h.resolve(raw);
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
  for (const o of h.operations) {
    const p = parts(o.op);
    const queryBreak = invalidQueryArb(p.query);
    const bodyBreak = p.json ? invalidMutations(p.json, h.resolve) : null;
    if (!queryBreak && !bodyBreak && !p.otherBody) continue;
    const arb = fc.record({
      call: callArb(o, p.json ? validArb(p.json, h.resolve) : null),
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
        const res = await h.send(o, call);
        assert.ok(
          res.status >= 400 && res.status < 500,
          `${o.key} (${kind}): answered ${res.status} ${res.text.slice(0, 200)}`,
        );
        h.assertErrorEnvelope(o, res.status, res.body, kind);
      }),
      INVALID_RUNS,
    );
    checked++;
  }
  assert.ok(checked > 60, `only ${checked} operations exercised`);
});

test('zero 5xx across the run, and the server still answers', async () => {
  assert.equal(h.fiveHundreds, []);
  assert.ok(h.requests() > 500, `only ${h.requests()} requests`);
  const health = await fetch(`${server.url}/api/health`);
  assert.is(health.status, 200);
});

test.run();
