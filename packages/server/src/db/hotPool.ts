/**
 * The Postgres pool that runs the hot statements (hotStatements.ts). Its connections stay open, so each
 * keeps the statements it prepared. Postgres would also keep a "generic" plan for each, made once from
 * the table as it was then: one made while `pastes` held a few rows reads the whole table, which at
 * 100,000 shares is ~77 ms per counted read group (700 reads a second at 50 connections) until
 * autovacuum's next ANALYZE makes Postgres plan again; every hot table (sessions, keys, rate limits,
 * upload sessions) can grow that way. Planner costs (an index priced over a scan) do not fix it: with
 * sequential scans priced out the plan read the whole table through the expiry index instead. So
 * these sessions plan each execution for the table as it is now (`plan_cache_mode`), and keep only
 * the parse of each statement.
 */
import type pg from 'pg';

/** Connections of the pool (beside knex's own pool of 10). */
const HOT_POOL_SIZE = 10;

/** Planner settings of every hot-pool session, sent with the connection's startup. */
const HOT_SESSION_OPTIONS = '-c plan_cache_mode=force_custom_plan';

export function createHotPool(Pool: typeof pg.Pool, connectionString: string, max = HOT_POOL_SIZE): pg.Pool {
  // No idle timeout: each connection holds its prepared statements.
  const pool = new Pool({ connectionString, max, idleTimeoutMillis: 0, options: HOT_SESSION_OPTIONS });
  // An idle connection that breaks (server restart, admin kill) is dropped by the pool and the next
  // statement opens another; unhandled, the event would end the process.
  pool.on('error', () => {});
  return pool;
}
