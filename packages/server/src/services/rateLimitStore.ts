/**
 * The only writer of `rate_limits` (ADR 0045): one row of failures per key, in a fixed window.
 * `count` adds a failure in one statement that also answers the new count, so a burst of parallel
 * guesses cannot all read "under the limit". `read` runs on every request that carries a key or token,
 * so the reads of one event-loop turn are grouped as the key lookups are (ADR 0029): one read
 * transaction on SQLite, one statement on Postgres.
 */
import { sha256 } from '../crypto/tokens.ts';
import type { Database } from '../db/connect.ts';
import { hotStatement } from '../db/hotStatements.ts';
import { loadModels } from '../db/models/loadModels.ts';
import { sameTurnBatch, settledValue } from '../db/sameTurnBatch.ts';

// One statement either way: a new or stale window restarts at 1, a live one counts up.
const COUNT = `INSERT INTO rate_limits (key, failures, window_start) VALUES (?, 1, ?)
  ON CONFLICT (key) DO UPDATE SET
    failures = CASE WHEN rate_limits.window_start < ? THEN 1 ELSE rate_limits.failures + 1 END,
    window_start = CASE WHEN rate_limits.window_start < ? THEN ? ELSE rate_limits.window_start END
  RETURNING failures, window_start`;

export type CountRow = { failures: number | string; window_start: number | string };
/** A key's row: also run by the API-key lookup, which reads the caller's budget alongside (apiKeyStore.ts). */
export const RATE_LIMIT_READ = hotStatement(
  'rate_limit_read',
  'SELECT failures, window_start FROM rate_limits WHERE key = ?',
);
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
      sqliteHot.unit((run) => keys.map((key) => settledValue(run<CountRow>(RATE_LIMIT_READ, [key])[0]))),
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
export const storedRateLimitKey = (key: string): string =>
  key.length <= 200 ? key : `${key.slice(0, 64)}#${sha256(key)}`;

export function createRateLimitStore(db: Pick<Database, 'knex' | 'hot' | 'sqliteHot'>) {
  const { knex } = db;
  const read = countReader(db);
  const row = (key: string) => knex('rate_limits').where({ key: storedRateLimitKey(key) });
  return {
    /** The key's failures and window, or undefined when it has none. */
    read: (key: string): Promise<CountRow | undefined> => read(storedRateLimitKey(key)),
    /** Counts one failure: a window that started before `staleBefore` restarts at `now`. */
    async count(key: string, now: number, staleBefore: number): Promise<CountRow | undefined> {
      const result = await knex.raw(COUNT, [storedRateLimitKey(key), now, staleBefore, staleBefore, now]);
      // knex.raw answers the rows on better-sqlite3 and a pg Result on Postgres.
      return ((Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as CountRow[])[0];
    },
    async refund(key: string): Promise<void> {
      await row(key).andWhere('failures', '>', 0).decrement('failures', 1);
    },
    async reset(key: string): Promise<void> {
      await (await loadModels()).RateLimitModel.query(knex).deleteById(storedRateLimitKey(key));
    },
  };
}
