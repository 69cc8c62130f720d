/**
 * Requests over node:http(s) for the Node upload path: the direct upload's POST (formPost.ts) and the
 * small GETs before it (the size limit, the storage's capabilities); and any JSON call of a client
 * given `nodeRequestText` (the CLI's).
 *
 * node:http is taken with `require`, not `import`: an ES import of it builds a namespace from every
 * export, and reading its `WebSocket` getter loads Node's whole fetch stack (undici, http2, zlib, web
 * streams), ~90 ms of CPU at start-up. For the same reason the GETs do not go through fetch: a direct
 * upload from the CLI then never loads it.
 */
import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { createRequire } from 'node:module';
import type { TextRequester } from '../../client.ts';
import type { RawResponse } from '../types.ts';

const require = createRequire(import.meta.url);

/** A server that neither takes bytes nor answers for this long fails the request (undici's default too). */
const IDLE_TIMEOUT_MS = 300_000;

/** Opens a request on `url` (http or https), failing it after IDLE_TIMEOUT_MS without progress. */
export function openRequest(url: URL, options: RequestOptions): ClientRequest {
  const { request } = require(
    url.protocol === 'https:' ? 'node:https' : 'node:http',
  ) as typeof import('node:http');
  const req = request(url, options);
  req.setTimeout(IDLE_TIMEOUT_MS, () => {
    const err = new Error(`no answer and no progress for ${IDLE_TIMEOUT_MS / 1000} s`);
    err.name = 'TimeoutError';
    req.destroy(err);
  });
  return req;
}

/** The answer, read whole; rejects when the request fails before an answer came. */
export function answerOf(req: ClientRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    // `on`, not `once`: the connection may fail again after an early answer, and must not go unhandled.
    req.on('error', reject);
    req.once('response', (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (s: string) => {
        text += s;
      });
      res.on('error', reject);
      res.once('end', () =>
        resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', text }),
      );
    });
  });
}

/** A GET whose answer is read whole, on a connection of its own (nothing pooled is left to keep the process up). */
export function getText(url: string, headers: Record<string, string>): Promise<RawResponse> {
  const req = openRequest(new URL(url), { headers, agent: false });
  const answer = answerOf(req);
  req.end();
  return answer;
}

/**
 * The client's JSON calls over node:http(s) (`ClientOptions.requestText`) on the global agent's
 * keep-alive connections (idle ones do not keep the process up): a page of 1,000 items costs about a
 * third of the CPU it costs through fetch, whose stack a command then never loads (docs/performance.md).
 */
export const nodeRequestText: TextRequester = (url, { method, headers, body, signal }) => {
  const req = openRequest(new URL(url), { method, headers, signal });
  const answer = answerOf(req);
  req.end(body);
  return answer;
};
