/** The SQL side of liveness for sweeps and "clear expired": the rows that no longer serve. */
import type { Knex } from 'knex';

/** Rows whose expiry has passed. */
export const whereExpired = <Q extends Knex.QueryBuilder>(query: Q, now: number): Q =>
  query.whereNotNull('expires_at').andWhere('expires_at', '<=', now) as Q;

/**
 * Rows whose view limit is reached. `max_views > 0` is written as the text share's partial index says it
 * (migration 027), so both databases' planners see that the index covers it.
 */
export const whereUsedUp = <Q extends Knex.QueryBuilder>(query: Q): Q =>
  query.whereRaw('max_views > 0').andWhereRaw('views >= max_views') as Q;
