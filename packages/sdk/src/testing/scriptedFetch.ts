/**
 * A stand-in for the server in the SDK's own tests: records every request the client makes and answers
 * from a script, so request shapes and answer handling are checked without starting a server.
 */
import type { FetchLike } from '../client.ts';

export interface RecordedRequest {
  method: string;
  /** Path and query after the origin, e.g. `/api/admin/fs/get?path=%2Fa`. */
  url: string;
  headers: Record<string, string>;
  body: RequestInit['body'];
}

export type Answer = (request: RecordedRequest) => Response | Promise<Response>;

export const ORIGIN = 'http://clip.test';

/** A JSON envelope as the server writes it. */
export function envelope(data: unknown, status = 200): Response {
  return Response.json({ code: status, message: 'ok', success: true, data }, { status });
}

/** A failure envelope as the server writes it (spec section 8). */
export function failure(status: number, error: string, message: string): Response {
  return Response.json({ code: status, message, success: false, data: null, error }, { status });
}

export function scriptedFetch(answer: Answer): { fetch: FetchLike; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url: input.slice(ORIGIN.length),
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
    };
    requests.push(request);
    return answer(request);
  };
  return { fetch, requests };
}
