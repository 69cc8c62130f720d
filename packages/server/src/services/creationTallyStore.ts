/**
 * The dashboard's shares-created-per-day tally (daily_creations, migration 024; ADR 0077): bumped in the
 * same transaction, or the same statement, as the create it counts, and lowered by nothing (sweeps and
 * deletes leave it alone), so the history says what was created, not what survives. dashboardStore.ts
 * reads it.
 */
import type { Knex } from 'knex';
import { hotStatement } from '../db/hotStatements.ts';
import { type ShareKind, utcDay } from './activity.ts';

/** Bumps a day's count of `kind` by `n` (SQLite, inside a hot unit). */
export const CREATION_TALLY = hotStatement(
  'creation_tally_n',
  `INSERT INTO daily_creations (day, kind, shard, count) VALUES (?, ?, 0, ?)
  ON CONFLICT (day, kind, shard) DO UPDATE SET count = daily_creations.count + excluded.count`,
);

/**
 * Rows a day's count is spread over on Postgres, by the writing connection's backend: groups in flight
 * on different connections update different rows, so none waits for another's commit.
 */
const POSTGRES_SHARDS = 8;

/**
 * Postgres: wraps an INSERT (with `RETURNING created_at`) so the same statement bumps the tally by the
 * rows it inserted, per UTC day of their `created_at`; the statement answers the inserted rows' `id`s.
 */
export function withCreationTally(insertReturningCreatedAt: string, kind: ShareKind): string {
  return `WITH created AS (${insertReturningCreatedAt}),
  tally AS (
    INSERT INTO daily_creations (day, kind, shard, count)
    SELECT to_char(timestamp 'epoch' + created_at * interval '1 millisecond', 'YYYY-MM-DD'), '${kind}',
      pg_backend_pid() % ${POSTGRES_SHARDS}, count(*)
    FROM created GROUP BY 1
    ON CONFLICT (day, kind, shard) DO UPDATE SET count = daily_creations.count + excluded.count
  )
  SELECT id FROM created`;
}

/** How many of the given creation instants fall on each UTC day. */
export function perDay(createdAt: number[]): Map<string, number> {
  const days = new Map<string, number>();
  for (const at of createdAt) days.set(utcDay(at), (days.get(utcDay(at)) ?? 0) + 1);
  return days;
}

/** One more share of `kind` created at `at`: through knex, inside the caller's transaction. */
export async function countCreation(
  trx: Knex | Knex.Transaction,
  kind: ShareKind,
  at: number,
): Promise<void> {
  await trx('daily_creations')
    .insert({ day: utcDay(at), kind, shard: 0, count: 1 })
    .onConflict(['day', 'kind', 'shard'])
    .merge({ count: trx.raw('daily_creations.count + 1') });
}
