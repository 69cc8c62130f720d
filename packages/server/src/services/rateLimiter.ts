/**
 * Failure counting per key (e.g. client address) kept in the database, so every server instance
 * sharing it sees the same count. A fixed window: after `maxFailures` in `windowMs`, refuse until it ends.
 *
 * `attempt` counts *before* the password is checked, in one statement that also answers the new count:
 * a burst of parallel guesses cannot all read "under the limit" and all run (a read-then-check would).
 */
import type { Knex } from 'knex';
import { type Clock, systemClock } from '../clock.ts';
import type { Dialect } from '../db/connect.ts';
import { AppError } from '../http/appError.ts';

export interface RateLimiter {
  /** Throws 429 with Retry-After while the key is locked out. */
  check(key: string): Promise<void>;
  recordFailure(key: string): Promise<void>;
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

// One statement either way: a new or stale window restarts at 1, a live one counts up.
const COUNT = `INSERT INTO rate_limits (key, failures, window_start) VALUES (?, 1, ?)
  ON CONFLICT (key) DO UPDATE SET
    failures = CASE WHEN rate_limits.window_start < ? THEN 1 ELSE rate_limits.failures + 1 END,
    window_start = CASE WHEN rate_limits.window_start < ? THEN ? ELSE rate_limits.window_start END`;

export function createRateLimiter(
  knex: Knex,
  options: { maxFailures: number; windowMs: number; dialect?: Dialect; clock?: Clock },
): RateLimiter {
  const clock = options.clock ?? systemClock;
  const table = () => knex('rate_limits');
  const count = (key: string, now: number, returning: boolean) => {
    const staleBefore = now - options.windowMs;
    return knex.raw(`${COUNT}${returning ? ' RETURNING failures, window_start' : ''}`, [
      key,
      now,
      staleBefore,
      staleBefore,
      now,
    ]);
  };
  return {
    async check(key) {
      const row = await table().where({ key }).first();
      if (!row) return;
      const now = clock.now();
      const start = Number(row.window_start);
      if (row.failures >= options.maxFailures && start + options.windowMs > now)
        throw limited(start, options.windowMs, now);
    },
    async recordFailure(key) {
      await count(key, clock.now(), false);
    },
    async attempt(key) {
      const now = clock.now();
      const result = await count(key, now, true);
      // knex.raw answers the rows on better-sqlite3 and a pg Result on Postgres.
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
        failures: number | string;
        window_start: number | string;
      }[];
      const row = rows[0];
      if (row && Number(row.failures) > options.maxFailures)
        throw limited(Number(row.window_start), options.windowMs, now);
    },
    async refund(key) {
      await table().where({ key }).andWhere('failures', '>', 0).decrement('failures', 1);
    },
    async reset(key) {
      await table().where({ key }).delete();
    },
  };
}
