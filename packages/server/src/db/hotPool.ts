/**
 * The Postgres pool that runs the hot statements (hotStatements.ts). Its connections stay open, so each
 * keeps the statements it prepared, and Postgres keeps a plan for each. A plan made while a table held
 * a few rows reads the whole table (~77 ms per counted read group at 100,000 shares), so the plans are
 * dropped whenever a table has outgrown them (planFreshness.ts, ADR 0102); planning every execution
 * instead (ADR 0096) cost Postgres more than running the statements.
 */
import type pg from 'pg';

/** Connections of the pool (beside knex's own pool of 10). */
const HOT_POOL_SIZE = 10;

export function createHotPool(Pool: typeof pg.Pool, connectionString: string, max = HOT_POOL_SIZE): pg.Pool {
  // No idle timeout: each connection holds its prepared statements.
  const pool = new Pool({ connectionString, max, idleTimeoutMillis: 0 });
  // An idle connection that breaks (server restart, admin kill) is dropped by the pool and the next
  // statement opens another; unhandled, the event would end the process.
  pool.on('error', () => {});
  return pool;
}
