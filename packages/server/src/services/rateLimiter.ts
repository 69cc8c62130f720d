/**
 * Failure counting per key (e.g. client address) kept in the database, so every server instance
 * sharing it sees the same count. A fixed window: after `maxFailures` in `windowMs`, refuse until it ends.
 *
 * `attempt` counts *before* the password is checked, in one statement that also answers the new count:
 * a burst of parallel guesses cannot all read "under the limit" and all run (a read-then-check would).
 * `check` only reads: it runs on every request that carries a key or token, so the reads of one
 * event-loop turn are grouped as the key lookups are (ADR 0029): one read transaction on SQLite, one
 * statement on Postgres.
 */
import { type Clock, systemClock } from '../clock.ts';
import { sha256 } from '../crypto/tokens.ts';
import type { Database } from '../db/connect.ts';
import { hotStatement } from '../db/hotStatements.ts';
import { sameTurnBatch, settledValue } from '../db/sameTurnBatch.ts';
import { AppError } from '../http/appError.ts';

export interface RateLimiter {
  /** Throws 429 with Retry-After while the key is locked out. */
  check(key: string): Promise<void>;
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
    window_start = CASE WHEN rate_limits.window_start < ? THEN ? ELSE rate_limits.window_start END
  RETURNING failures, window_start`;

type CountRow = { failures: number | string; window_start: number | string };
const READ = hotStatement('rate_limit_read', 'SELECT failures, window_start FROM rate_limits WHERE key = ?');
const READ_MANY = hotStatement(
  'rate_limits_read',
  '-- Postgres only',
  'SELECT key, failures, window_start FROM rate_limits WHERE key = ANY($1::text[])',
);

/** The count rows of one turn's keys, read together. */
function countReader(
  db: Pick<Database, 'hot' | 'sqliteHot'>,
): (key: string) => Promise<CountRow | undefined> {
  const { hot, sqliteHot } = db;
  if (sqliteHot)
    return sameTurnBatch<string, CountRow | undefined>((keys) =>
      sqliteHot.unit((run) => keys.map((key) => settledValue(run<CountRow>(READ, [key])[0]))),
    );
  return sameTurnBatch<string, CountRow | undefined>(async (keys) => {
    const rows = await hot.rows<CountRow & { key: string }>(READ_MANY, [[...new Set(keys)]]);
    const byKey = new Map(rows.map(({ key, ...row }) => [key, row]));
    return keys.map((key) => settledValue(byKey.get(key)));
  });
}

/**
 * The key as stored (the column holds 200 characters). A client address comes from a header when a
 * proxy is trusted, and a client that reaches the server past the proxy writes it: a long one is kept
 * as its start and a hash, the same bucket every time.
 */
const storedKey = (key: string): string => (key.length <= 200 ? key : `${key.slice(0, 64)}#${sha256(key)}`);

export function createRateLimiter(
  db: Pick<Database, 'knex' | 'hot' | 'sqliteHot'>,
  options: { maxFailures: number; windowMs: number; clock?: Clock },
): RateLimiter {
  const { knex } = db;
  const clock = options.clock ?? systemClock;
  const read = countReader(db);
  const table = () => knex('rate_limits');
  const count = (key: string, now: number) => {
    const staleBefore = now - options.windowMs;
    return knex.raw(COUNT, [key, now, staleBefore, staleBefore, now]);
  };
  return {
    async check(key) {
      const row = await read(storedKey(key));
      if (!row) return;
      const now = clock.now();
      const start = Number(row.window_start);
      if (Number(row.failures) >= options.maxFailures && start + options.windowMs > now)
        throw limited(start, options.windowMs, now);
    },
    async attempt(key) {
      const now = clock.now();
      const result = await count(storedKey(key), now);
      // knex.raw answers the rows on better-sqlite3 and a pg Result on Postgres.
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as CountRow[];
      const row = rows[0];
      if (row && Number(row.failures) > options.maxFailures)
        throw limited(Number(row.window_start), options.windowMs, now);
    },
    async refund(key) {
      await table()
        .where({ key: storedKey(key) })
        .andWhere('failures', '>', 0)
        .decrement('failures', 1);
    },
    async reset(key) {
      await table()
        .where({ key: storedKey(key) })
        .delete();
    },
  };
}
