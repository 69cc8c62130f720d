/**
 * fast-check arbitraries from the OpenAPI document's JSON Schemas: valid values (within every bound the
 * schema states) and invalid ones (wrong types, missing required fields, NUL, over-long strings,
 * non-finite numbers). Covers the keywords our contract schemas use; `$ref`s resolve in the document.
 */
import fc from 'fast-check';

export type Schema = Record<string, unknown>;

export function resolver(doc: Schema) {
  return function resolve(schema: Schema): Schema {
    const ref = schema.$ref as string | undefined;
    if (!ref) return schema;
    let node: unknown = doc;
    for (const part of ref.replace(/^#\//, '').split('/'))
      node = (node as Schema)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    return resolve(node as Schema);
  };
}

const typesOf = (s: Schema): string[] =>
  Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : [];

/** Short printable text: the point is the shape, not the volume. */
function stringArb(s: Schema): fc.Arbitrary<string> {
  if (s.format === 'date-time')
    return fc
      .date({ noInvalidDate: true, min: new Date(2000, 0, 1), max: new Date(2100, 0, 1) })
      .map((d) => d.toISOString());
  const min = (s.minLength as number | undefined) ?? 0;
  const max = Math.min((s.maxLength as number | undefined) ?? 24, Math.max(min, 24));
  if (typeof s.pattern === 'string') {
    const re = new RegExp(s.pattern as string);
    const longest = (s.maxLength as number | undefined) ?? Number.POSITIVE_INFINITY;
    const fits = (v: string) => v.length >= min && v.length <= longest && re.test(v);
    if (min <= 1) return fc.stringMatching(re).filter(fits);
    // One match is rarely `min` long (a custom key needs 16), and a filter alone would search for ever:
    // matches of a repeated-character pattern joined (and cut to the maximum) still match.
    return fc
      .array(fc.stringMatching(re), { minLength: min, maxLength: min + 3 })
      .map((parts) => parts.join('').slice(0, longest))
      .filter(fits);
  }
  return fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_ ./'),
    minLength: min,
    maxLength: max,
  });
}

function numberArb(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const lo =
    (s.minimum as number | undefined) ??
    ((s.exclusiveMinimum as number | undefined) ?? -1000) + (s.exclusiveMinimum !== undefined ? 1 : 0);
  const hi =
    (s.maximum as number | undefined) ??
    ((s.exclusiveMaximum as number | undefined) ?? 1000) - (s.exclusiveMaximum !== undefined ? 1 : 0);
  const cappedHi = Math.min(hi, lo + 1_000_000);
  return integer
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(cappedHi) })
    : fc.double({ min: lo, max: cappedHi, noNaN: true, noDefaultInfinity: true });
}

export function validArb(schema: Schema, resolve: (s: Schema) => Schema): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  for (const key of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(s[key])) return fc.oneof(...(s[key] as Schema[]).map((x) => validArb(x, resolve)));
  const types = typesOf(s).filter((t) => t !== 'null');
  switch (types[0]) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = s.items ? validArb(s.items as Schema, resolve) : fc.string();
      const minLength = (s.minItems as number | undefined) ?? 0;
      const arb = fc.array(items, {
        minLength,
        maxLength: Math.min((s.maxItems as number | undefined) ?? 3, minLength + 3),
      });
      return s.uniqueItems
        ? arb
            .map((a) => [...new Set(a.map((x) => JSON.stringify(x)))].map((x) => JSON.parse(x)))
            .filter((a) => a.length >= minLength)
        : arb;
    }
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set((s.required as string[] | undefined) ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = validArb(v, resolve);
      const requiredKeys = Object.keys(props).filter((k) => required.has(k));
      const minProps = (s.minProperties as number | undefined) ?? 0;
      return fc.record(record, { requiredKeys }).filter((o) => Object.keys(o).length >= minProps);
    }
    default:
      return fc.constant(null);
  }
}

/** A value of the wrong JSON type for the schema. */
function wrongType(s: Schema): fc.Arbitrary<unknown> {
  const types = typesOf(s);
  const candidates: unknown[] = [{ nested: true }, [1, 2], 'text', 12345, true];
  const wrong = candidates.filter((v) => {
    const t = Array.isArray(v)
      ? 'array'
      : typeof v === 'object'
        ? 'object'
        : typeof v === 'number'
          ? 'number'
          : typeof v;
    if (types.includes(t)) return false;
    if (t === 'number' && types.includes('integer')) return false;
    return true;
  });
  return fc.constantFrom(...(wrong.length ? wrong : candidates));
}

export type Mutation = {
  kind: string;
  apply: (valid: Record<string, unknown>) => Record<string, unknown> | string;
};

/** Ways to break a valid object of this schema, each one certain to be invalid. */
export function invalidMutations(schema: Schema, resolve: (s: Schema) => Schema): fc.Arbitrary<Mutation> {
  const s = resolve(schema);
  const props = (s.properties ?? {}) as Record<string, Schema>;
  const required = (s.required as string[] | undefined) ?? [];
  const options: fc.Arbitrary<Mutation>[] = [];
  for (const [name, raw] of Object.entries(props)) {
    const p = resolve(raw);
    if ('const' in p || !typesOf(p).length) continue;
    options.push(
      wrongType(p).map((v) => ({ kind: `${name}: wrong type`, apply: (o) => ({ ...o, [name]: v }) })),
    );
    if (typesOf(p).includes('string')) {
      options.push(fc.constant({ kind: `${name}: NUL`, apply: (o) => ({ ...o, [name]: 'a\u0000b' }) }));
      if (typeof p.maxLength === 'number')
        options.push(
          fc.constant({
            kind: `${name}: over-long`,
            apply: (o) => ({ ...o, [name]: 'x'.repeat((p.maxLength as number) + 1) }),
          }),
        );
    }
    if (typesOf(p).some((t) => t === 'number' || t === 'integer')) {
      // JSON has no Infinity: the raw text carries it (and JSON.parse makes it Infinity).
      options.push(
        fc.constantFrom('1e999', '-1e999').map((lit) => ({
          kind: `${name}: non-finite`,
          apply: (o) => JSON.stringify({ ...o, [name]: '__NONFINITE__' }).replace('"__NONFINITE__"', lit),
        })),
      );
    }
  }
  for (const name of required)
    options.push(
      fc.constant({
        kind: `${name}: missing`,
        apply: (o) => {
          const { [name]: _, ...rest } = o;
          return rest;
        },
      }),
    );
  if (!options.length) options.push(fc.constant({ kind: 'not an object', apply: () => '[1,2,3]' }));
  return fc.oneof(...options);
}
