/**
 * JSON request bodies. Every route gets a small limit, enforced before any route (and so before auth)
 * runs: nobody can make the server buffer megabytes without a credential. The routes that take a whole
 * text share (create and update) skip the global parser and parse their own body with the text size
 * limit, after their auth layer has accepted the caller.
 */
import { StringDecoder } from 'node:string_decoder';
import bourne from '@hapi/bourne';
import { bodyParser } from '@koa/bodyparser';
import type { Context, Middleware, Next } from 'koa';

/** Enough for any settings, ids or path list; text-share bodies have their own limit. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** Routes whose JSON body is a text share: parsed by `largeJsonBody` after auth, never by the global parser. */
const LARGE_BODY_ROUTES: { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/api\/paste\/?$/ },
  { method: 'PUT', path: /^\/api\/(admin|user)\/pastes\/[^/]+\/?$/ },
];

const isLargeBodyRoute = (ctx: Context) =>
  LARGE_BODY_ROUTES.some((r) => r.method === ctx.method && r.path.test(ctx.path));

/** The Content-Type values the fast path takes; every other (JSON or not) goes to the library. */
const PLAIN_JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8']);
/** The methods @koa/bodyparser reads a body for (its `parsedMethods`). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** co-body's strict mode: a body must be an object or an array. */
const STRICT_JSON = /^[ \t\n\r]*(\[|\{)/;

/** What the library throws for a body that is not JSON (co-body: a SyntaxError with status 400). */
function malformed(err: unknown, text: string): never {
  const error = err instanceof SyntaxError ? err : new SyntaxError(String(err));
  throw Object.assign(error, { status: 400, body: text });
}

/**
 * A body that has already arrived whole, read without the library's stream plumbing (raw-body's
 * listeners, iconv, a promise and several ticks per request): plain JSON, a Content-Length, no
 * Content-Encoding, and every byte of it already buffered in the request as bytes, nobody reading it
 * yet (a small request arrives in the packet of its headers, and auth has answered by the time this
 * runs). Parsed as co-body parses it: UTF-8 with a leading BOM dropped (iconv-lite's decoder),
 * strict, `__proto__` refused (bourne). Answers false for anything else, which @koa/bodyparser then
 * reads and refuses as it always did.
 */
function readArrivedJson(ctx: Context, limit: number): boolean {
  const req = ctx.req;
  const { headers } = req;
  const length = headers['content-length'];
  if (
    !BODY_METHODS.has(ctx.method) ||
    req.destroyed ||
    req.readableFlowing !== null ||
    req.readableEncoding !== null ||
    headers['content-encoding'] !== undefined ||
    !PLAIN_JSON_TYPES.has(headers['content-type'] ?? '') ||
    length === undefined ||
    Number(length) > limit ||
    // Node's parser hands a request no byte past its Content-Length: all of it has arrived.
    req.readableLength !== Number(length) ||
    ctx.request.body !== undefined
  )
    return false;
  const bytes = req.readableLength > 0 ? (req.read() as Buffer) : Buffer.alloc(0);
  const decoder = new StringDecoder('utf8');
  let text = decoder.write(bytes) + decoder.end();
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let parsed: unknown = {};
  if (text) {
    if (!STRICT_JSON.test(text))
      malformed(new SyntaxError('invalid JSON, only supports object and array'), text);
    try {
      parsed = bourne.parse(text, { protoAction: 'error' });
    } catch (err) {
      malformed(err, text);
    }
  }
  ctx.request.body = parsed;
  ctx.request.rawBody = text;
  return true;
}

/** @koa/bodyparser for JSON up to `limitBytes`, with the arrived-whole fast path in front of it. */
function jsonBody(limitBytes: number): Middleware {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: limitBytes, encoding: 'utf-8' });
  return (ctx: Context, next: Next) => (readArrivedJson(ctx, limitBytes) ? next() : parse(ctx, next));
}

/** The global parser: small limit; leaves the text-share routes to `largeJsonBody`. */
export function smallJsonBody(): Middleware {
  const parse = jsonBody(JSON_BODY_LIMIT_BYTES);
  return (ctx: Context, next: Next) => (isLargeBodyRoute(ctx) ? next() : parse(ctx, next));
}

/** Route middleware for text-share bodies (after auth): up to `limitBytes`. */
export function largeJsonBody(limitBytes: number): Middleware {
  return jsonBody(limitBytes);
}
