/**
 * HTTP(S) requests to user-given URLs: each hop passes the SSRF guard and connects to the address the
 * guard checked (TLS still verifies the hostname), redirects are followed by hand (at most 5) and
 * re-checked, and time is bounded: until the response headers, and while the body idles.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { AppError, badRequest, upstreamFailed } from '../../http/appError.ts';
import type { ResolvedAddress, SsrfGuard } from './ssrfGuard.ts';

export interface GuardedRequest {
  method: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  /** Until the response headers arrive, per hop. */
  headersTimeoutMs?: number;
  /** How long the body may stall. */
  idleTimeoutMs?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface GuardedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: IncomingMessage;
  /** The URL of the last hop. */
  url: URL;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as unknown as LookupFunction;
}

function requestOnce(url: URL, pinned: ResolvedAddress, req: GuardedRequest): Promise<IncomingMessage> {
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = lib.request(url, {
      method: req.method,
      headers: { 'user-agent': 'clip-url-upload', accept: '*/*', ...req.headers },
      lookup: pinnedLookup(pinned),
      // One connection per request: a pooled socket could belong to another, unchecked address.
      agent: false,
      signal: req.signal,
    });
    const timer = setTimeout(() => {
      request.destroy(new AppError(504, 'UPSTREAM_FAILED', `fetching ${url.host} timed out`));
    }, req.headersTimeoutMs ?? 15_000);
    request.once('response', (res) => {
      clearTimeout(timer);
      res.setTimeout(req.idleTimeoutMs ?? 30_000, () =>
        res.destroy(new AppError(504, 'UPSTREAM_FAILED', `fetching ${url.host} stalled`)),
      );
      resolve(res);
    });
    request.once('error', (err) => {
      clearTimeout(timer);
      reject(err instanceof AppError ? err : upstreamFailed(`could not fetch ${url.host}`, err));
    });
    request.end();
  });
}

export async function guardedFetch(
  guard: SsrfGuard,
  target: string,
  req: GuardedRequest,
): Promise<GuardedResponse> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw badRequest('URL is not valid');
  }
  const maxRedirects = req.maxRedirects ?? 5;
  for (let hop = 0; ; hop++) {
    const pinned = await guard.check(url);
    const res = await requestOnce(url, pinned, req);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (!REDIRECTS.has(status) || !location) return { status, headers: res.headers, body: res, url };
    res.destroy();
    if (hop >= maxRedirects) throw badRequest(`URL not allowed: more than ${maxRedirects} redirects`);
    try {
      url = new URL(location, url);
    } catch {
      throw new AppError(502, 'UPSTREAM_FAILED', `${url.host} redirected to an invalid URL`);
    }
  }
}
