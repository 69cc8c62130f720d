/** Request validation with ajv from the SDK's contract schemas; messages name the field. */
import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, JSONSchemaType, ValidateFunction } from 'ajv';
import { badRequest } from './appError.ts';
import { assertSafeValue, hasValidEscapes } from './inputGuard.ts';

/**
 * The validators are made when the first request needs one (ajv is a few MiB that an idle server does
 * not need); `require` because a check is synchronous.
 */
let validators: { body: Ajv; query: Ajv } | null = null;
function ajvs(): { body: Ajv; query: Ajv } {
  if (validators) return validators;
  const require = createRequire(import.meta.url);
  const { Ajv: AjvClass } = require('ajv') as typeof import('ajv');
  const addFormats = require('ajv-formats') as typeof import('ajv-formats');
  const body = new AjvClass({ allErrors: false, useDefaults: false, strict: true });
  const query = new AjvClass({ allErrors: false, coerceTypes: true, strict: true });
  for (const ajv of [body, query]) {
    addFormats.default(ajv);
    // URLs the server will decode or fetch: every `%` must start a valid UTF-8 escape.
    ajv.addFormat('percent-escapes', hasValidEscapes);
  }
  validators = { body, query };
  return validators;
}

function describe(where: string, e: ErrorObject): string {
  const field = e.instancePath ? `${where}${e.instancePath.replace(/\//g, '.')}` : where;
  switch (e.keyword) {
    case 'required':
      return `${where}.${(e.params as { missingProperty: string }).missingProperty} is required`;
    case 'additionalProperties':
      return `${where}.${(e.params as { additionalProperty: string }).additionalProperty} is not a known field`;
    case 'maxLength':
    case 'minLength':
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'type':
    case 'enum':
    case 'pattern':
    case 'format':
      if ((e.params as { format?: string }).format === 'percent-escapes')
        return `${field} has a malformed percent-escape`;
      return `${field} ${e.message}`;
    case 'minProperties':
      return `${where} must have at least one field`;
    default:
      return `${field} ${e.message ?? 'is invalid'}`;
  }
}

/** A validator for the schema; throws 400 naming the field. WeakMap-cached: compile once per schema. */
const cache = new WeakMap<object, ValidateFunction>();
function compiled(ajv: Ajv, schema: object): ValidateFunction {
  let fn = cache.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    cache.set(schema, fn);
  }
  return fn;
}

export function checkBody<T>(schema: JSONSchemaType<T>, value: unknown): T {
  if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value))
    throw badRequest('request body must be a JSON object');
  assertSafeValue(value, 'body');
  const fn = compiled(ajvs().body, schema);
  if (!fn(value)) throw badRequest(describe('body', fn.errors![0]));
  return value as T;
}

/** String values coerced to the schema's types; `where` names them in messages ('body' for form fields). */
export function checkQuery<T>(schema: JSONSchemaType<T>, value: Record<string, unknown>, where = 'query'): T {
  const copy = { ...value };
  assertSafeValue(copy, where);
  const fn = compiled(ajvs().query, schema);
  if (!fn(copy)) throw badRequest(describe(where, fn.errors![0]));
  // Coercion turns "1e400" into Infinity without applying maximums: refuse what is not finite.
  assertSafeValue(copy, where);
  return copy as T;
}
