/**
 * Input no route accepts, refused in one place before any route or query sees it: NUL bytes (Postgres
 * cannot store them in text and answers 500), non-finite numbers (`1e999` parses as Infinity and slips
 * past maximums) and numbers past 2^53 and malformed percent-escapes (`decodeURIComponent` throws URIError).
 * `guardApiInput` (called by the request pipeline) covers the path, the query string and JSON bodies of
 * every `/api` request; `checkBody`/`checkQuery` run the same value check on what they validate
 * (multipart form fields, numbers coerced from strings).
 */
import type { Context } from 'koa';
import { badRequest } from './appError.ts';

/**
 * The problem with a value or anything inside it, named by where it sits; null when it is clean.
 * Iterative: a JSON body may nest deeper than the call stack.
 */
export function unsafeValue(root: unknown, rootWhere: string): string | null {
  // Names stop growing past a point: a deeply nested body must not cost quadratic memory in labels.
  const child = (where: string, step: string) => (where.length > 200 ? where : `${where}${step}`);
  const pending: [unknown, string][] = [[root, rootWhere]];
  while (pending.length > 0) {
    const [value, where] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) return `${where} contains a NUL byte`;
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return `${where} must be a finite number`;
      // Past 2^53 integers lose precision, and databases refuse them (Postgres: bigint out of range).
      if (Math.abs(value) > Number.MAX_SAFE_INTEGER)
        return `${where} must be at most ${Number.MAX_SAFE_INTEGER} in size`;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push([value[i], child(where, `[${i}]`)]);
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i];
        if (key.includes('\0')) return `${where} has a field name with a NUL byte`;
        pending.push([item, child(where, `.${key}`)]);
      }
    }
  }
  return null;
}

export function assertSafeValue(value: unknown, where: string): void {
  const problem = unsafeValue(value, where);
  if (problem) throw badRequest(problem);
}

/** True when every `%` starts an escape and the escapes decode as UTF-8. */
export function hasValidEscapes(value: string): boolean {
  if (!value.includes('%')) return true;
  try {
    decodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

function decodeStrict(raw: string, where: string): string {
  if (!hasValidEscapes(raw)) throw badRequest(`${where} has a malformed percent-escape`);
  const value = decodeURIComponent(raw);
  if (value.includes('\0')) throw badRequest(`${where} contains a NUL byte`);
  return value;
}

/** Checks the raw path and query string of a request (Koa keeps both undecoded). */
export function checkPathAndQuery(rawPath: string, rawQuery: string): void {
  // Without a `%` nothing in the path decodes, so only a raw NUL could be wrong (most API paths).
  if (rawPath.includes('%')) for (const segment of rawPath.split('/')) decodeStrict(segment, 'the URL path');
  else if (rawPath.includes('\0')) throw badRequest('the URL path contains a NUL byte');
  if (!rawQuery) return;
  for (const pair of rawQuery.split('&')) {
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const key = decodeStrict(rawKey.replace(/\+/g, ' '), 'a query parameter name');
    if (eq !== -1) decodeStrict(pair.slice(eq + 1).replace(/\+/g, ' '), `query.${key}`);
  }
}

/** For `/api` requests (`path` is `ctx.path`): runs after the body parser, before the router. */
export function guardApiInput(ctx: Context, path: string): void {
  checkPathAndQuery(path, ctx.querystring);
  const body = (ctx.request as { body?: unknown }).body;
  if (body !== undefined) assertSafeValue(body, 'body');
}
