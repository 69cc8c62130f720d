/**
 * Failure counting per key (e.g. client address) kept in the database, so every server instance
 * sharing it sees the same count. A fixed window: after `maxFailures` in `windowMs`, refuse until it ends.
 */
import type { Knex } from 'knex';
import { AppError } from '../http/appError.ts';

export interface RateLimiter {
  /** Throws 429 with Retry-After while the key is locked out. */
  check(key: string): Promise<void>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function createRateLimiter(
  knex: Knex,
  options: { maxFailures: number; windowMs: number },
): RateLimiter {
  const table = () => knex('rate_limits');
  return {
    async check(key) {
      const row = await table().where({ key }).first();
      if (!row) return;
      const now = Date.now();
      const endsAt = Number(row.window_start) + options.windowMs;
      if (row.failures >= options.maxFailures && endsAt > now) {
        const retryAfter = Math.ceil((endsAt - now) / 1000);
        throw new AppError(429, 'RATE_LIMITED', `too many failed attempts, try again in ${retryAfter} s`, {
          headers: { 'Retry-After': String(retryAfter) },
          data: { retry_after: retryAfter },
        });
      }
    },
    async recordFailure(key) {
      const now = Date.now();
      const staleBefore = now - options.windowMs;
      // One statement either way: a new or stale window restarts at 1, a live one counts up.
      await knex.raw(
        `INSERT INTO rate_limits (key, failures, window_start) VALUES (?, 1, ?)
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN rate_limits.window_start < ? THEN 1 ELSE rate_limits.failures + 1 END,
           window_start = CASE WHEN rate_limits.window_start < ? THEN ? ELSE rate_limits.window_start END`,
        [key, now, staleBefore, staleBefore, now],
      );
    },
    async reset(key) {
      await table().where({ key }).delete();
    },
  };
}
