/**
 * The contract tests' view of the live document: its operations, a raw HTTP caller that records every
 * 5xx, validation of an answer against the operation's documented success schema, and the record of
 * which operations answered a validated success.
 */
import { ERROR_CODES } from '@clip/sdk';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as assert from 'uvu/assert';
import type { TestServer } from '../../testing/testServer.ts';
import { resolver, type Schema } from './schemaArbitrary.ts';

export interface Operation {
  key: string;
  method: string;
  path: string;
  op: Schema;
}

export interface Call {
  pathValues: Record<string, string>;
  query: Record<string, unknown>;
  /** A JSON body (an object, or raw text when a test breaks the JSON itself). */
  body?: unknown;
  form?: FormData;
  bytes?: Uint8Array;
  /** The Authorization header; the admin's bearer token when absent. */
  authorization?: string;
  /** Other headers (an upload request's X-Upload-Token). */
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  type: string;
  body: unknown;
  text: string;
}

type Responses = Record<string, { content?: Record<string, { schema: Schema }> }>;

export interface Harness {
  operations: Operation[];
  resolve: (s: Schema) => Schema;
  fiveHundreds: string[];
  /** Operations that answered a 2xx matching their documented success. */
  succeeded: Set<string>;
  requests(): number;
  operation(key: string): Operation;
  send(o: Operation, call: Call): Promise<Answer>;
  /** Null when the answer is a documented success whose body matches its schema; else the problem. */
  checkSuccess(o: Operation, res: Answer): string | null;
  assertErrorEnvelope(o: Operation, status: number, body: unknown, what: string): void;
}

export async function contractHarness(server: TestServer, token: string): Promise<Harness> {
  const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Schema;
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Schema>>))
    for (const [method, op] of Object.entries(item))
      operations.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, op });
  operations.sort((a, b) => a.key.localeCompare(b.key));

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

  const fiveHundreds: string[] = [];
  const succeeded = new Set<string>();
  let requests = 0;

  function checkSuccess(o: Operation, res: Answer): string | null {
    const success = (o.op.responses as Responses)[String(res.status)];
    if (!success || res.status >= 300)
      return `${res.status} is not a documented success: ${res.text.slice(0, 300)}`;
    const [type, media] = Object.entries(success.content ?? {})[0] ?? [];
    if (type === 'application/json') {
      if (!res.type.includes('application/json')) return `answered ${res.type}, documented ${type}`;
      const problem = validate(media.schema, res.body);
      if (problem) return `answer does not match the document: ${problem}`;
    }
    succeeded.add(o.key);
    return null;
  }

  async function send(o: Operation, call: Call): Promise<Answer> {
    const path = o.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(call.pathValues[n]));
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(call.query)) if (v !== undefined) qs.set(k, String(v));
    const headers: Record<string, string> = {
      authorization: call.authorization ?? `Bearer ${token}`,
      ...call.headers,
    };
    let body: RequestInit['body'];
    if (call.form) body = call.form;
    else if (call.bytes) {
      headers['content-type'] = 'application/octet-stream';
      body = call.bytes;
    } else if (call.body !== undefined) {
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
        `${o.key} ${JSON.stringify({ ...call, form: undefined, bytes: undefined }).slice(0, 300)} -> ${res.status} ${text.slice(0, 200)}`,
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

  return {
    operations,
    resolve: resolver(doc),
    fiveHundreds,
    succeeded,
    requests: () => requests,
    operation(key) {
      const o = operations.find((x) => x.key === key);
      assert.ok(o, `${key} is not documented`);
      return o;
    },
    send,
    checkSuccess,
    assertErrorEnvelope,
  };
}
