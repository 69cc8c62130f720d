/**
 * Builds the OpenAPI 3.1 document from the route table (methods, paths, auth policies) and the route
 * docs (contract schemas from `@clip/sdk`). Nothing here is hand-written API description.
 */
import * as sdk from '@clip/sdk';
import type { Policy } from '../services/permissions.ts';
import { VERSION } from '../version.ts';
import { ROUTE_DOCS, type RouteDoc, type RouteDocs } from './routes/index.ts';
import type { RouteEntry } from './routeTable.ts';

type Json = Record<string, unknown>;

/** Contract schemas by identity -> component name (`createPasteBodySchema` -> `CreatePasteBody`). */
function namedSchemas(): Map<object, string> {
  const names = new Map<object, string>();
  for (const [key, value] of Object.entries(sdk).sort(([a], [b]) => a.localeCompare(b))) {
    if (!key.endsWith('Schema') || typeof value !== 'object' || value === null || names.has(value)) continue;
    const base = key.slice(0, -'Schema'.length);
    names.set(value, base[0].toUpperCase() + base.slice(1));
  }
  return names;
}

/** ajv's `nullable` (OpenAPI 3.0 style) into JSON Schema 2020-12 type unions; nested schemas named. */
function convert(schema: unknown, ref: (s: object) => Json | null, top = true): unknown {
  if (Array.isArray(schema)) return schema.map((s) => convert(s, ref, false));
  if (!schema || typeof schema !== 'object') return schema;
  if (!top) {
    const named = ref(schema);
    if (named) return named;
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'nullable') continue;
    if (k === 'properties' || k === 'patternProperties' || k === '$defs') {
      out[k] = Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, convert(s, ref, false)]));
    } else if (typeof v === 'object' && v !== null) {
      out[k] = convert(v, ref, false);
    } else out[k] = v;
  }
  if ((schema as Json).nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  }
  return out;
}

const ERROR_ENVELOPE = {
  type: 'object',
  required: ['code', 'message', 'success', 'data', 'error'],
  properties: {
    code: { type: 'integer', minimum: 400, maximum: 599, description: 'the HTTP status' },
    message: { type: 'string', description: 'what went wrong, naming the field for bad input' },
    success: { const: false },
    data: {},
    error: { $ref: '#/components/schemas/ErrorCode' },
  },
};

function successEnvelope(data: unknown, status: number): Json {
  return {
    type: 'object',
    required: ['code', 'message', 'success', 'data'],
    properties: {
      code: { const: status },
      message: { type: 'string' },
      success: { const: true },
      data,
    },
  };
}

/** Error answers, shared by reference: status -> name and the machine codes it carries. */
const ERROR_RESPONSES: Record<string, [string, string]> = {
  '400': ['BadRequest', 'bad input: BAD_REQUEST, VALIDATION_FAILED, MALFORMED_JSON'],
  '401': [
    'Unauthorized',
    'no or bad credentials: UNAUTHORIZED, INVALID_TOKEN, INVALID_API_KEY, WRONG_PASSWORD',
  ],
  '403': ['Forbidden', 'credentials without the needed permission: FORBIDDEN'],
  '404': ['NotFound', 'no such record or path: NOT_FOUND, GONE'],
  '413': ['PayloadTooLarge', 'body too large: PAYLOAD_TOO_LARGE'],
  '429': ['RateLimited', 'too many attempts: RATE_LIMITED'],
  default: ['Error', 'any other failure, with its machine code (see ErrorCode)'],
};
const errorResponse = (status: string): Json => ({
  $ref: `#/components/responses/${ERROR_RESPONSES[status][0]}`,
});

function security(policy: Policy): Json[] {
  // An empty list: no credentials needed (stated, so no reader takes it for an omission).
  if (policy === 'public') return [];
  if (policy === 'admin') return [{ Bearer: [] }];
  return [{ Bearer: [] }, { ApiKey: [] }];
}

const POLICY_TEXT: Record<Policy, string> = {
  public: 'No credentials needed.',
  admin: 'Administrator only (Bearer token).',
  authenticated: 'Any administrator token or API key.',
  text: 'Administrator, or an API key with text permission.',
  file: 'Administrator, or an API key with file permission.',
  mount: 'Administrator, or an API key with mount permission (within its basic path).',
};

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((w) => (w.startsWith(':') ? `by-${w.slice(1)}` : w));
  return [method.toLowerCase(), ...words]
    .map((w, i) => (i === 0 ? w : w.replace(/(^|_|-)(\w)/g, (_, __, ch: string) => ch.toUpperCase())))
    .join('');
}

function operation(route: RouteEntry, doc: RouteDoc, schema: (s: object) => unknown): Json {
  const params: Json[] = [];
  for (const name of route.path.match(/:(\w+)/g) ?? [])
    params.push({
      name: name.slice(1),
      in: 'path',
      required: true,
      schema: { type: 'string', minLength: 1 },
    });
  if (doc.query) {
    const q = doc.query as { properties?: Json; required?: string[] };
    for (const [name, s] of Object.entries(q.properties ?? {}))
      params.push({
        name,
        in: 'query',
        required: q.required?.includes(name) ?? false,
        schema: schema(s as object),
      });
  }
  const status = doc.status ?? 200;
  const responses: Json = {};
  if (doc.raw !== undefined) {
    const body =
      doc.raw === 'application/json' ? { type: 'object' } : { type: 'string', contentMediaType: doc.raw };
    responses[String(status)] = {
      description: 'the content itself (not an envelope)',
      content: { [doc.raw]: { schema: body } },
    };
  } else {
    const answers = [
      { status, response: doc.response, description: 'success' },
      ...(doc.otherSuccesses ?? []),
    ];
    for (const answer of answers)
      responses[String(answer.status)] = {
        description: answer.description,
        content: { 'application/json': { schema: successEnvelope(schema(answer.response), answer.status) } },
      };
  }
  responses['400'] = errorResponse('400');
  if (route.policy !== 'public') {
    responses['401'] = errorResponse('401');
    responses['403'] = errorResponse('403');
  }
  if (route.path.includes(':') || /\/(fs|public|paste|raw|file-|office-)/.test(route.path))
    responses['404'] = errorResponse('404');
  if (doc.body || doc.form || doc.binaryBody) responses['413'] = errorResponse('413');
  responses['429'] = errorResponse('429');
  responses.default = errorResponse('default');

  const op: Json = {
    operationId: operationId(route.method, route.path),
    summary: doc.summary,
    description: POLICY_TEXT[route.policy],
    tags: [doc.tag],
    'x-clip-policy': route.policy,
  };
  if (params.length) op.parameters = params;
  if (doc.body)
    op.requestBody = { required: true, content: { 'application/json': { schema: schema(doc.body) } } };
  else if (doc.form) {
    const form = schema(doc.form) as Json;
    const props = {
      ...((form.properties as Json) ?? {}),
      file: { type: 'string', contentMediaType: 'application/octet-stream' },
    };
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { ...form, properties: props, required: [...((form.required as string[]) ?? []), 'file'] },
        },
      },
    };
  } else if (doc.binaryBody)
    op.requestBody = { required: true, content: { 'application/octet-stream': { schema: {} } } };
  op.security = security(route.policy);
  op.responses = responses;
  return op;
}

export class UndocumentedRoutes extends Error {}

/** A success answer documented as "any JSON" (an empty schema) documents nothing. */
function anyJsonAnswers(doc: RouteDoc): boolean {
  if (doc.raw !== undefined) return false;
  const schemas = [doc.response, ...(doc.otherSuccesses ?? []).map((o) => o.response)];
  return schemas.some((s) => !s || Object.keys(s).length === 0);
}

/**
 * The document for these routes; throws naming every route without docs, docs without a route, and
 * routes whose success answer is undocumented (any JSON).
 */
export function buildOpenApi(routes: readonly RouteEntry[], docs: Readonly<RouteDocs> = ROUTE_DOCS): Json {
  const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
  const missing = [...keys].filter((k) => !docs[k]);
  const stale = Object.keys(docs).filter((k) => !keys.has(k));
  const anyJson = [...keys].filter((k) => docs[k] && anyJsonAnswers(docs[k]));
  if (missing.length || stale.length || anyJson.length)
    throw new UndocumentedRoutes(
      `routes without docs: ${missing.join(', ') || 'none'}; docs without a route: ${stale.join(', ') || 'none'}; success answers documented as any JSON: ${anyJson.join(', ') || 'none'}`,
    );

  const names = namedSchemas();
  const components: Json = {};
  const ref = (s: object): Json | null => {
    const name = names.get(s);
    if (!name) return null;
    if (!(name in components)) {
      components[name] = {};
      components[name] = convert(s, ref);
    }
    return { $ref: `#/components/schemas/${name}` };
  };
  const schema = (s: object): unknown => ref(s) ?? convert(s, ref);

  const paths: Json = {};
  for (const route of [...routes].sort(
    (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
  )) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    const item = paths[path] as Json;
    item[route.method.toLowerCase()] = operation(route, docs[`${route.method} ${route.path}`], schema);
  }
  const sorted = Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'clip API',
      version: VERSION,
      description:
        'Every `/api` answer is an envelope `{code, message, success, data}`; failures add `error`, a machine code. Generated from the route table and the contract schemas of `@clip/sdk`.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map(([name, description]) => [
          name,
          {
            description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
          },
        ]),
      ),
      securitySchemes: {
        Bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'an administrator session token from POST /api/admin/login',
        },
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'an API key, sent as `Authorization: ApiKey <key>`',
        },
      },
      schemas: {
        ...sorted,
        ErrorCode: { type: 'string', enum: [...sdk.ERROR_CODES] },
        ErrorEnvelope: ERROR_ENVELOPE,
      },
    },
  };
}
