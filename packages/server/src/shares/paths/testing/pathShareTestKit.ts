/** Helpers for the path-share tests: raw calls where status, headers and bodies matter. */
import type { TestServer } from '../../../testing/testServer.ts';

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: { code: number; message: string; success: boolean; data: T };
}

/** A JSON call to `/api{path}`; `auth` a full Authorization header; `token` the X-Share-Token. */
export async function call<T = unknown>(
  server: TestServer,
  method: string,
  path: string,
  options: { body?: unknown; auth?: string; token?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth) headers.authorization = options.auth;
  if (options.token) headers['x-share-token'] = options.token;
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer<T>['body'] };
}

/** The raw bytes of a public download or ZIP. */
export async function fetchBytes(
  server: TestServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(`${server.url}/api${path}`, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
