/** Request validation with ajv from the SDK's contract schemas; messages name the field. */
import { Ajv, type ErrorObject, type JSONSchemaType, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { badRequest } from './appError.ts';
import { assertSafeValue, hasValidEscapes } from './inputGuard.ts';

const bodyAjv = new Ajv({ allErrors: false, useDefaults: false, strict: true });
const queryAjv = new Ajv({ allErrors: false, coerceTypes: true, strict: true });
addFormats.default(bodyAjv);
addFormats.default(queryAjv);
// URLs the server will decode or fetch: every `%` must start a valid UTF-8 escape.
for (const ajv of [bodyAjv, queryAjv]) ajv.addFormat('percent-escapes', hasValidEscapes);

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
  const fn = compiled(bodyAjv, schema);
  if (!fn(value)) throw badRequest(describe('body', fn.errors![0]));
  return value as T;
}

/** String values coerced to the schema's types; `where` names them in messages ('body' for form fields). */
export function checkQuery<T>(schema: JSONSchemaType<T>, value: Record<string, unknown>, where = 'query'): T {
  const copy = { ...value };
  assertSafeValue(copy, where);
  const fn = compiled(queryAjv, schema);
  if (!fn(copy)) throw badRequest(describe(where, fn.errors![0]));
  // Coercion turns "1e400" into Infinity without applying maximums: refuse what is not finite.
  assertSafeValue(copy, where);
  return copy as T;
}
