import type { ErrorCode } from '@clip/sdk';

/** An error a service raises on purpose; the envelope middleware turns it into a response. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly data: unknown;
  readonly headers: Record<string, string>;
  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { data?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.data = options.data ?? null;
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (message: string, data?: unknown) =>
  new AppError(400, 'VALIDATION_FAILED', message, { data });
export const unauthorized = (message: string, code: ErrorCode = 'UNAUTHORIZED') =>
  new AppError(401, code, message);
export const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, message);
export const gone = (message: string) => new AppError(410, 'GONE', message);
export const tooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);
export const invalidApiKey = () => new AppError(401, 'INVALID_API_KEY', 'API key invalid or expired');
