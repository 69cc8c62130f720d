/**
 * Failure counting per key (e.g. client address) kept in the database, so every server instance
 * sharing it sees the same count. A fixed window: after `maxFailures` in `windowMs`, refuse until it ends.
 *
 * `attempt` counts *before* the password is checked and answers the new count in the same statement
 * (rateLimitStore.ts): a burst of parallel guesses cannot all read "under the limit" and all run.
 * `check` only reads, grouped per event-loop turn.
 */
import { type Clock, systemClock } from '../clock.ts';
import type { Database } from '../db/connect.ts';
import { AppError } from '../http/appError.ts';
import { type CountRow, createRateLimitStore } from './rateLimitStore.ts';

export interface RateLimiter {
  /** Throws 429 with Retry-After while the key is locked out. */
  check(key: string): Promise<void>;
  /** `check`'s verdict on the key's row when another statement read it (null: the key has none). */
  refuseWhileLocked(row: CountRow | null): void;
  /** Counts one attempt atomically; throws 429 (the attempt stays counted) when it is over the limit. */
  attempt(key: string): Promise<void>;
  /** Gives one counted attempt back (a right password is not a failure). */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

function limited(windowStart: number, windowMs: number, now: number): AppError {
  const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
  return new AppError(429, 'RATE_LIMITED', `too many failed attempts, try again in ${retryAfter} s`, {
    headers: { 'Retry-After': String(retryAfter) },
    data: { retry_after: retryAfter },
  });
}

export function createRateLimiter(
  db: Pick<Database, 'knex' | 'hot' | 'sqliteHot'>,
  options: { maxFailures: number; windowMs: number; clock?: Clock },
): RateLimiter {
  const clock = options.clock ?? systemClock;
  const counts = createRateLimitStore(db);
  function refuseWhileLocked(row: CountRow | null | undefined): void {
    if (!row) return;
    const now = clock.now();
    const start = Number(row.window_start);
    if (Number(row.failures) >= options.maxFailures && start + options.windowMs > now)
      throw limited(start, options.windowMs, now);
  }
  return {
    async check(key) {
      refuseWhileLocked(await counts.read(key));
    },
    refuseWhileLocked,
    async attempt(key) {
      const now = clock.now();
      const row = await counts.count(key, now, now - options.windowMs);
      if (row && Number(row.failures) > options.maxFailures)
        throw limited(Number(row.window_start), options.windowMs, now);
    },
    refund: (key) => counts.refund(key),
    reset: (key) => counts.reset(key),
  };
}
