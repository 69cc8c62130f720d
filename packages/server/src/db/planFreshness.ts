/**
 * When the Postgres hot pool's cached plans must be made again (ADR 0102). After five executions
 * Postgres keeps one "generic" plan per prepared statement, made from the tables as they were then:
 * planning the counted read's group statement anew costs Postgres more than running it. But a plan made
 * while a table held a few rows reads the whole table, which stays cheap only while the table does. So
 * while hot statements run, the tables' sizes are read at most once a second; once a table has outgrown
 * the sizes the plans were made at (twice as large, past a floor under which any plan is a few pages),
 * every connection drops its plans (`DISCARD PLANS`) before its next statement, and Postgres plans
 * again for the tables as they are now. The sizes come from the database, so every process of a
 * cluster sees a table grow whoever fills it.
 */
import type pg from 'pg';

/** Below this a table never makes plans stale: a plan that reads all of it reads a few pages. */
export const PLAN_TABLE_FLOOR_BYTES = 128 * 1024;
/** A table this many times the size it had when the plans were made has outgrown them. */
export const PLAN_GROWTH_FACTOR = 2;
/** The sizes are read at most this often, and only when a hot statement runs. */
export const PLAN_CHECK_INTERVAL_MS = 1000;

/** Bytes per table (its heap, `pg_relation_size`). */
export type TableSizes = Map<string, number>;

/** Whether a table in `now` has outgrown its size in `planned` (a table missing there counts as empty). */
export function outgrew(planned: TableSizes, now: TableSizes): boolean {
  for (const [table, bytes] of now)
    if (bytes > PLAN_TABLE_FLOOR_BYTES && bytes > PLAN_GROWTH_FACTOR * (planned.get(table) ?? 0)) return true;
  return false;
}

export interface PlanFreshness {
  /** Whether `connection`'s plans were made before the tables last outgrew theirs; reads the sizes when due. */
  stale(connection: object): boolean;
  /** `connection` has dropped its plans: the ones it makes next fit the tables as they are. */
  refreshed(connection: object): void;
  /** Reads the sizes now (`stale` does it at most once per interval); never fails. */
  check(): Promise<void>;
}

export function planFreshness(
  readSizes: () => Promise<TableSizes>,
  clock: () => number = Date.now,
): PlanFreshness {
  // Plans of connections marked with an older epoch predate the last outgrowing.
  let epoch = 0;
  // The sizes the current epoch began at; empty at first, so tables already past the floor when this
  // process starts make the plans its connections made before the first reading stale.
  let planned: TableSizes = new Map();
  let lastCheck = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | null = null;
  const epochOf = new WeakMap<object, number>();

  function check(): Promise<void> {
    lastCheck = clock();
    reading ??= readSizes()
      .then(
        (now) => {
          if (!outgrew(planned, now)) return;
          epoch += 1;
          planned = now;
        },
        // Sizes unreadable this time: the plans stand until a reading succeeds.
        () => {},
      )
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  return {
    stale(connection) {
      if (clock() - lastCheck >= PLAN_CHECK_INTERVAL_MS) void check();
      const made = epochOf.get(connection);
      // A connection first seen has no plans yet: the ones it makes now fit the tables as they are.
      if (made === undefined) epochOf.set(connection, epoch);
      return made !== undefined && made < epoch;
    },
    refreshed(connection) {
      epochOf.set(connection, epoch);
    },
    check,
  };
}

/** The sizes of the tables of the connection's schema (where clip's tables are). */
export async function readTableSizes(pool: pg.Pool): Promise<TableSizes> {
  const { rows } = await pool.query<{ name: string; bytes: string | number }>(
    `SELECT c.relname AS name, pg_relation_size(c.oid) AS bytes FROM pg_class c
    WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace`,
  );
  return new Map(rows.map((r) => [r.name, Number(r.bytes)]));
}
