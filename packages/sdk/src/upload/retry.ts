/** Retries with exponential backoff, stopping at once when the caller cancels. */
import { ClipError } from '../errors.ts';
import { uploadCancelled } from './errors.ts';

export interface RetryPolicy {
  retries: number;
  baseDelayMs: number;
  signal?: AbortSignal;
}

/** Waits `ms`, or rejects with "upload cancelled" as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(uploadCancelled());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(uploadCancelled());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Whether trying again may help: network failures, timeouts, throttling and server-side failures do;
 * cancellation and refusals (4xx other than 403/408/429) do not. A 403 may be an expired signature.
 */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ClipError)) return true;
  if (err.code === 'CANCELLED' || err.code === 'BAD_RESPONSE') return false;
  if (err.status === 0) return true;
  return err.status >= 500 || [403, 408, 429].includes(err.status);
}

/** Runs `attempt(n)` (n = 0, 1, ...) until it succeeds, a failure is not retryable, or retries run out. */
export async function withRetries<T>(attempt: (n: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (policy.signal?.aborted) throw uploadCancelled();
      if (n >= policy.retries || !isRetryable(err)) throw err;
      // Full jitter keeps parallel parts from retrying in lockstep.
      const delay = policy.baseDelayMs * 2 ** n;
      await sleep(delay / 2 + Math.random() * (delay / 2), policy.signal);
    }
  }
}
