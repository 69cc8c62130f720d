/**
 * Retries of transient errors with exponential backoff. Storage: timeouts, connection resets, 429 and
 * 5xx; a 4xx (or anything else a retry would not change) fails at once. Database: a connection cut
 * (reset, terminated by the server), a serialisation failure or a deadlock, on Postgres or SQLite.
 */
export interface RetryOptions {
  attempts?: number;
  /** Which errors a retry may cure (default: `isTransient`, storage and network errors). */
  retryOn?: (err: unknown) => boolean;
  baseDelayMs?: number;
  maxDelayMs?: number;
  signal?: AbortSignal;
  /** Injected for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const TRANSIENT_CODES = new Set([
  'ETIMEDOUT',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'EAI_AGAIN',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const TRANSIENT_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'SlowDown',
  'ThrottlingException',
  'InternalError',
  'ServiceUnavailable',
]);

/** The HTTP status an error carries (AWS SDK metadata, our own errors, fetch-like errors), if any. */
export function statusOf(err: unknown): number | null {
  const e = err as { $metadata?: { httpStatusCode?: number }; status?: number; statusCode?: number } | null;
  const status = e?.$metadata?.httpStatusCode ?? e?.status ?? e?.statusCode;
  return typeof status === 'number' ? status : null;
}

export function isTransient(err: unknown): boolean {
  if ((err as Error)?.name === 'AbortError') return false;
  const status = statusOf(err);
  if (status !== null) return status === 429 || status === 408 || status >= 500;
  const e = err as { code?: string; name?: string; cause?: unknown } | null;
  if (e?.code && TRANSIENT_CODES.has(e.code)) return true;
  if (e?.name && TRANSIENT_NAMES.has(e.name)) return true;
  return e?.cause ? isTransient(e.cause) : false;
}

/**
 * Postgres SQLSTATEs a retry cures: serialisation failure, deadlock, the server ending the connection
 * (admin shutdown, `pg_terminate_backend`, crash, starting up), connection failures, too many connections.
 */
const TRANSIENT_SQLSTATES = new Set([
  '40001',
  '40P01',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);
const TRANSIENT_DB_MESSAGES =
  /Connection terminated|connection is closed|Client has encountered a connection error|Timeout acquiring a connection|database is locked/i;

/**
 * A database error a retry may cure, wherever it sits in the chain: raw, as knex's `nativeError`, or as
 * the `detail`/`cause` of an AppError a service wrapped it in.
 */
export function isTransientDb(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as {
    code?: unknown;
    message?: unknown;
    nativeError?: unknown;
    detail?: unknown;
    cause?: unknown;
  };
  if (typeof e.code === 'string') {
    if (TRANSIENT_SQLSTATES.has(e.code) || TRANSIENT_CODES.has(e.code)) return true;
    if (e.code === 'SQLITE_BUSY' || e.code === 'SQLITE_LOCKED') return true;
  }
  if (typeof e.message === 'string' && TRANSIENT_DB_MESSAGES.test(e.message)) return true;
  return [e.nativeError, e.detail, e.cause].some((inner) => isTransientDb(inner, depth + 1));
}

/** Retries a database call of a task's path: a few attempts over a few seconds (a reset, a failover). */
export const retryDb = <T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> =>
  withRetry(fn, { retryOn: isTransientDb, attempts: 8, baseDelayMs: 100, maxDelayMs: 2_000, signal });

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function withRetry<T>(
  fn: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 4;
  const base = options.baseDelayMs ?? 200;
  const max = options.maxDelayMs ?? 5_000;
  const sleep = options.sleep ?? abortableSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      const transient = (options.retryOn ?? isTransient)(err);
      if (attempt >= attempts || !transient || options.signal?.aborted) throw err;
      const delay = Math.min(max, base * 2 ** (attempt - 1));
      // Jitter keeps several runners that hit the same throttled store from retrying in step.
      await sleep(delay / 2 + Math.random() * (delay / 2), options.signal);
    }
  }
}
