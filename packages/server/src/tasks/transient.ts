/**
 * Retries of transient storage errors: timeouts, connection resets, 429 and 5xx are retried with
 * exponential backoff; a 4xx (or anything else a retry would not change) fails at once.
 */
export interface RetryOptions {
  attempts?: number;
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
      if (attempt >= attempts || !isTransient(err) || options.signal?.aborted) throw err;
      const delay = Math.min(max, base * 2 ** (attempt - 1));
      // Jitter keeps several runners that hit the same throttled store from retrying in step.
      await sleep(delay / 2 + Math.random() * (delay / 2), options.signal);
    }
  }
}
