import type { TestServer } from '../../../testing/testServer.ts';

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: { code: number; message: string; success: boolean; data: T; error?: string };
}

/** A JSON call to `/api{path}`; `auth` is a full Authorization header value. */
export async function call<T = unknown>(
  server: TestServer,
  method: string,
  path: string,
  options: { body?: unknown; auth?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth) headers.authorization = options.auth;
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer<T>['body'] };
}

export { rejects } from '../../../testing/rejects.ts';
