/**
 * What the route table cannot tell about a route: its summary, the contract schemas of its body and
 * query, and the schema of every success answer. Every envelope answer names its data schema; "any
 * JSON" is not a documentation (buildOpenApi refuses an empty schema).
 */

interface RouteDocBase {
  summary: string;
  tag: string;
  body?: object;
  /** `multipart/form-data` fields (the file part is `file`) instead of a JSON body. */
  form?: object;
  /** Raw bytes as the body (`application/octet-stream`). */
  binaryBody?: boolean;
  query?: object;
  /** Success status when not 200. */
  status?: number;
}

/** Another success the route may answer, with its own data schema (a 202 that became a task). */
export interface OtherSuccess {
  status: number;
  response: object;
  description: string;
}

/** An answer in the `{code, message, success, data}` envelope. */
export interface EnvelopeRouteDoc extends RouteDocBase {
  /** The schema of `data`: a named contract schema from `@clip/sdk`, or `nullDataSchema`. */
  response: object;
  otherSuccesses?: OtherSuccess[];
  raw?: never;
}

/** Not an envelope: the media type answered on success (file bytes, text, this document). */
export interface RawRouteDoc extends RouteDocBase {
  raw: string;
  response?: never;
}

export type RouteDoc = EnvelopeRouteDoc | RawRouteDoc;

/** Keyed `METHOD /api/path` as registered. */
export type RouteDocs = Record<string, RouteDoc>;

/** Both scopes of a mirrored area: `/admin/...` (administrator) and `/user/...` (API key). */
export const SCOPES = ['admin', 'user'] as const;

/** A route doc without its tag (an area adds its own). */
export type UntaggedRouteDoc = RouteDoc extends infer D
  ? D extends unknown
    ? Omit<D, 'tag'>
    : never
  : never;
