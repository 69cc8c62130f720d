import type { ErrorCode } from '@clip/sdk';

/** An error a service raises on purpose; the envelope middleware turns it into a response. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly data: unknown;
  readonly headers: Record<string, string>;
  /** What went wrong underneath (a driver or network error): logged with the request id, never sent. */
  readonly detail: unknown;
  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { data?: unknown; headers?: Record<string, string>; detail?: unknown } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.data = options.data ?? null;
    this.headers = options.headers ?? {};
    this.detail = options.detail;
  }
}

/**
 * A dependency (storage, a remote server) failed: the client learns what we were doing and a request id;
 * the raw error (local paths, endpoints, buckets) goes to the log only.
 */
export const upstreamFailed = (what: string, detail: unknown, status = 502) =>
  new AppError(status, 'UPSTREAM_FAILED', what, { detail: detail ?? null });

export const badRequest = (message: string, data?: unknown) =>
  new AppError(400, 'VALIDATION_FAILED', message, { data });
export const unauthorized = (message: string, code: ErrorCode = 'UNAUTHORIZED') =>
  new AppError(401, code, message);
export const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, message);
export const gone = (message: string) => new AppError(410, 'GONE', message);
export const locked = (message: string) => new AppError(423, 'LOCKED', message);
export const tooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);
export const invalidApiKey = () => new AppError(401, 'INVALID_API_KEY', 'API key invalid or expired');
