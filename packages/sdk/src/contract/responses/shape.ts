/**
 * Building blocks of the answer schemas. `shapeOf<T>()` ties a schema to the SDK interface it documents:
 * its properties must be exactly T's fields and its `required` list exactly T's required fields, so a
 * field added, renamed or dropped on either side fails to compile instead of drifting.
 */

/** T's fields that are not optional. */
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T] & string;
type Missing<T, R extends readonly string[]> = Exclude<RequiredKeys<T>, R[number]>;

export function shapeOf<T>() {
  return <const P extends { readonly [K in keyof T]-?: object }, const R extends readonly RequiredKeys<T>[]>(
    properties: P & { readonly [K in Exclude<keyof P, keyof T>]: never },
    required: R & ([Missing<T, R>] extends [never] ? unknown : { missingRequired: Missing<T, R> }),
  ) => ({ type: 'object', properties, required, additionalProperties: false }) as const;
}

export const str = { type: 'string' } as const;
export const nonEmpty = { type: 'string', minLength: 1 } as const;
export const nullableStr = { type: ['string', 'null'] } as const;
export const int = { type: 'integer' } as const;
export const count = { type: 'integer', minimum: 0 } as const;
export const nullableCount = { type: ['integer', 'null'], minimum: 0 } as const;
export const num = { type: 'number' } as const;
export const bool = { type: 'boolean' } as const;
export const arrayOf = (items: object) => ({ type: 'array', items }) as const;
export const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] }) as const;

/** `{items, total}` with the paging fields the caller used (`ListResult<T>`). */
export const listOf = (item: object) =>
  ({
    type: 'object',
    properties: {
      items: { type: 'array', items: item },
      total: { type: 'integer', minimum: 0 },
      page: int,
      limit: int,
      offset: int,
    },
    required: ['items', 'total'],
    additionalProperties: false,
  }) as const;

/** Answers with no data (`data: null`). */
export const nullDataSchema = { type: 'null' } as const;
