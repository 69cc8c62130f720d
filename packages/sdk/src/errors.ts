/**
 * The error catalogue of spec section 8, implemented once: the server answers a machine `error`
 * code, and the SDK turns any failure into a ClipError that the web app and the CLI present.
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'INVALID_TOKEN',
  'INVALID_API_KEY',
  'WRONG_PASSWORD',
  'FORBIDDEN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'SLUG_TAKEN',
  'CONFLICT',
  'IN_USE',
  'GONE',
  'LOCKED',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'UPSTREAM_FAILED',
  'INTERNAL',
  'NETWORK_ERROR',
  'TIMEOUT',
  'CANCELLED',
  'BAD_RESPONSE',
  'PRESIGN_FAILED',
  'PART_FAILED',
  'INSUFFICIENT_STORAGE',
  'METHOD_NOT_ALLOWED',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'UNSUPPORTED_TYPE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The shape of every `/api` answer. */
export interface Envelope<T> {
  code: number;
  message: string;
  success: boolean;
  data: T;
  error?: ErrorCode;
}

export class ClipError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly data: unknown;
  constructor(status: number, code: ErrorCode, message: string, data?: unknown) {
    super(message);
    this.name = 'ClipError';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

/** Which part of the product a call belongs to: the 401 rules of section 8 depend on it. */
export type CallKind = 'default' | 'share-password' | 'change-password' | 'file';

/** Default messages of section 8 where the server gave none. */
export const DEFAULT_MESSAGES = {
  wrongPassword: 'wrong password',
  verificationFailed: 'verification failed',
  adminSessionExpired: 'admin session expired, please log in again',
  apiKeyInvalid: 'API key invalid or expired',
  unauthorized: 'unauthorized, please log in and retry',
  slugTaken: 'link suffix already taken, try another',
  requestFailed: 'request failed',
  network: 'network error, check the connection',
  timeout: 'request timed out, server took too long',
  cancelled: 'request cancelled by user',
  parse: 'response parsing error',
  permissionRequired: 'permission required, please log in or configure API key',
  uploadCancelled: 'upload cancelled',
  presignFailed: 'presign failed',
  partFailed: 'multipart part failed',
  insufficientStorage: 'insufficient storage',
} as const;

/**
 * Builds the ClipError for a non-2xx answer, applying section 8's message rules.
 * `authType` is what the failed request carried.
 */
export function errorFromResponse(
  status: number,
  body: Partial<Envelope<unknown>> | null,
  statusText: string,
  kind: CallKind,
  authType: 'none' | 'admin' | 'apikey',
): ClipError {
  const serverMessage = body?.message;
  const code: ErrorCode = body?.error ?? codeForStatus(status);
  if (status === 401) {
    // `data` says whether a share needs its password (`requires_password`).
    if (kind === 'share-password')
      return new ClipError(401, code, serverMessage || DEFAULT_MESSAGES.wrongPassword, body?.data);
    if (kind === 'change-password')
      return new ClipError(401, code, serverMessage || DEFAULT_MESSAGES.verificationFailed);
    if (authType === 'admin') return new ClipError(401, code, DEFAULT_MESSAGES.adminSessionExpired);
    if (authType === 'apikey') {
      if (kind === 'file' && serverMessage && /unauthori[sz]ed|no access/i.test(serverMessage))
        return new ClipError(401, code, serverMessage);
      return new ClipError(401, code, DEFAULT_MESSAGES.apiKeyInvalid);
    }
    return new ClipError(401, code, serverMessage || DEFAULT_MESSAGES.unauthorized);
  }
  if (status === 409)
    return new ClipError(409, code, serverMessage || DEFAULT_MESSAGES.slugTaken, body?.data);
  return new ClipError(status, code, serverMessage || `HTTP error ${status}: ${statusText}`, body?.data);
}

export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 410:
      return 'GONE';
    case 423:
      return 'LOCKED';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 414:
      return 'URI_TOO_LONG';
    case 415:
      return 'UNSUPPORTED_TYPE';
    case 431:
      return 'HEADERS_TOO_LARGE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}

/** True for a 401 that, by section 8, ends the session (the web app and CLI log out). */
export function endsSession(err: ClipError, kind: CallKind, authType: 'none' | 'admin' | 'apikey'): boolean {
  if (err.status !== 401 || kind === 'share-password' || kind === 'change-password') return false;
  if (authType === 'admin') return true;
  if (authType === 'apikey') return err.message === DEFAULT_MESSAGES.apiKeyInvalid;
  return false;
}
