import { API_PREFIX } from './constants.ts';
import {
  type CallKind,
  ClipError,
  DEFAULT_MESSAGES,
  type Envelope,
  endsSession,
  errorFromResponse,
} from './errors.ts';
import { networkFailureMessage } from './networkFailure.ts';
import type { RawResponse } from './upload/types.ts';

export type Auth = { type: 'none' } | { type: 'admin'; token: string } | { type: 'apikey'; key: string };
export type AuthType = Auth['type'];

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** A JSON call's answer, read whole: all `Transport.request` needs of a response. */
export type TextResponse = RawResponse;
/**
 * Sends a call whose body is JSON text (or none) and answers its response as text. A client given one
 * sends its JSON calls through it instead of `fetch` (streams, uploads and downloads still use fetch):
 * the CLI passes `nodeRequestText` ('@clip/sdk/node'), ADR 0071.
 */
export type TextRequester = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<TextResponse>;

export interface ClientOptions {
  /** Server origin, e.g. http://127.0.0.1:8787 (the `/api` prefix is added). Empty string = same origin. */
  baseUrl: string;
  auth?: Auth;
  fetch?: FetchLike;
  requestText?: TextRequester;
  /** Called when a 401 ends the session by section 8's rules (the app logs out). */
  onSessionEnded?: (error: ClipError, authType: AuthType) => void;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  kind?: CallKind;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export function authHeader(auth: Auth): string | undefined {
  if (auth.type === 'admin') return `Bearer ${auth.token}`;
  if (auth.type === 'apikey') return `ApiKey ${auth.key}`;
  return undefined;
}

const isFormData = (value: unknown): boolean => Object.prototype.toString.call(value) === '[object FormData]';

/** Raw bytes go out as they are (a multipart part held in memory). */
const isBinary = (value: unknown): boolean =>
  (typeof Blob === 'function' && value instanceof Blob) ||
  ArrayBuffer.isView(value) ||
  value instanceof ArrayBuffer;

/** Low-level transport: URL building, auth header, envelope unwrap and section 8 error mapping. */
export class Transport {
  baseUrl: string;
  auth: Auth;
  readonly #fetch: FetchLike;
  readonly #requestText?: TextRequester;
  readonly #onSessionEnded?: ClientOptions['onSessionEnded'];

  constructor(options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.auth = options.auth ?? { type: 'none' };
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#requestText = options.requestText;
    this.#onSessionEnded = options.onSessionEnded;
  }

  url(path: string, query?: RequestOptions['query']): string {
    let url = `${this.baseUrl}${API_PREFIX}${path}`;
    if (query) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
      const qs = params.toString();
      if (qs) url += `?${qs}`;
    }
    return url;
  }

  headers(extra?: Record<string, string>): Record<string, string> {
    const h: Record<string, string> = { ...extra };
    const auth = authHeader(this.auth);
    if (auth) h.authorization = auth;
    return h;
  }

  /** Sends a request and answers the raw Response, mapping transport failures to ClipError. */
  async send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const headers = this.headers(options.headers);
    let body: BodyInit | undefined;
    // A tag check, not `instanceof FormData`: touching the global loads Node's whole fetch stack,
    // which JSON-only commands (clip paste) should not pay for at start-up.
    if (isFormData(options.body) || typeof options.body === 'string' || isBinary(options.body))
      body = options.body as BodyInit;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const url = this.url(path, options.query);
    try {
      return await this.#fetch(url, {
        method,
        headers,
        body,
        signal: options.signal,
      });
    } catch (err) {
      throw transportFailure(url, err, options.signal);
    }
  }

  /** Throws the mapped ClipError for a failed response; calls the session hook when it ends the session. */
  async fail(res: Response, kind: CallKind): Promise<never> {
    return this.#failWith(
      { status: res.status, statusText: res.statusText, text: await res.text().catch(() => '') },
      kind,
    );
  }

  #failWith({ status, statusText, text }: TextResponse, kind: CallKind): never {
    let body: Partial<Envelope<unknown>> | null = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const authType = this.auth.type;
    const error = errorFromResponse(status, body, statusText || text.slice(0, 200), kind, authType);
    if (endsSession(error, kind, authType)) this.#onSessionEnded?.(error, authType);
    throw error;
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const { body } = options;
    const json = body === undefined || !(isFormData(body) || typeof body === 'string' || isBinary(body));
    if (this.#requestText && json) return this.#requestTextCall<T>(method, path, options);
    const res = await this.send(method, path, options);
    if (!res.ok) return this.fail(res, options.kind ?? 'default');
    return unwrapEnvelope<T>(res.status, await res.text().catch(() => ''));
  }

  async #requestTextCall<T>(method: string, path: string, options: RequestOptions): Promise<T> {
    const headers = this.headers(options.headers);
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const url = this.url(path, options.query);
    let res: TextResponse;
    try {
      res = await this.#requestText!(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (err) {
      throw transportFailure(url, err, options.signal);
    }
    if (res.status < 200 || res.status > 299) return this.#failWith(res, options.kind ?? 'default');
    return unwrapEnvelope<T>(res.status, res.text);
  }
}

/** A request that got no response: cancelled, timed out, or the network failed. */
function transportFailure(url: string, err: unknown, signal: AbortSignal | undefined): ClipError {
  if (signal?.aborted) return new ClipError(0, 'CANCELLED', DEFAULT_MESSAGES.cancelled);
  if ((err as Error)?.name === 'TimeoutError') return new ClipError(0, 'TIMEOUT', DEFAULT_MESSAGES.timeout);
  return new ClipError(0, 'NETWORK_ERROR', networkFailureMessage(url, err), { cause: String(err) });
}

/** The data of a successful answer's envelope; a body that is no envelope, or a failing code, throws. */
export function unwrapEnvelope<T>(status: number, text: string): T {
  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new ClipError(status, 'BAD_RESPONSE', DEFAULT_MESSAGES.parse);
  }
  if (![200, 201, 202].includes(envelope.code))
    throw new ClipError(
      envelope.code,
      envelope.error ?? 'BAD_RESPONSE',
      envelope.message || DEFAULT_MESSAGES.requestFailed,
    );
  return envelope.data;
}
