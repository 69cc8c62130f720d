/**
 * The SQL of `access_log`: batched inserts, the filtered newest-first read, and the sweep by age.
 * Every share read is an event. On SQLite the batch is one prepared single-row INSERT per event inside one
 * transaction (db/hotStatements.ts): knex built a 500-row INSERT of 5,500 values per batch and SQLite
 * compiled it anew each time, about as much CPU as the read itself on the event loop's thread. On Postgres
 * the statement is compiled by the server, not in this process, and knex's batch stays: an `unnest`
 * statement on the hot pool was tried and made reads wait (10,000 -> 600 req/s when two servers shared the
 * database; not understood yet).
 */
import type { AccessAction, AccessOutcome, AccessShareKind } from '@clip/sdk/contract';
import type { Knex } from 'knex';
import { hotStatement, type SqliteHotStatements } from '../../../db/hotStatements.ts';

export interface AccessLogRow {
  id: string;
  share_kind: AccessShareKind;
  share_id: string;
  owner: string;
  at: number;
  action: AccessAction;
  outcome: AccessOutcome;
  ip: string | null;
  user_agent: string | null;
  bytes: number | null;
  path: string | null;
}

export interface AccessLogFilter {
  /** Only events of shares these creators own; null = every share (the admin). */
  owners: string[] | null;
  share_kind?: AccessShareKind;
  share_id?: string;
  action?: AccessAction;
  outcome?: AccessOutcome;
}

const COLUMNS = [
  'id',
  'share_kind',
  'share_id',
  'owner',
  'at',
  'action',
  'outcome',
  'ip',
  'user_agent',
  'bytes',
  'path',
] as const satisfies readonly (keyof AccessLogRow)[];

/** Rows per INSERT on Postgres: well under its 65535 bound parameters (11 columns each). */
const INSERT_CHUNK = 500;

const INSERT_ONE = hotStatement(
  'access_log_insert_one',
  `INSERT INTO access_log (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`,
);

/** `sqliteHot`: the SQLite connection's prepared statements; null on Postgres. */
export function createAccessLogStore(knex: Knex, sqliteHot: SqliteHotStatements | null) {
  const filtered = (f: AccessLogFilter) => {
    const q = knex('access_log');
    if (f.owners) q.whereIn('owner', f.owners);
    if (f.share_kind) q.where('share_kind', f.share_kind);
    if (f.share_id) q.where('share_id', f.share_id);
    if (f.action) q.where('action', f.action);
    if (f.outcome) q.where('outcome', f.outcome);
    return q;
  };

  return {
    async insertMany(rows: AccessLogRow[]): Promise<void> {
      if (rows.length === 0) return;
      if (sqliteHot) {
        await sqliteHot.unit((run) => {
          for (const row of rows)
            run(
              INSERT_ONE,
              COLUMNS.map((c) => row[c]),
            );
        });
        return;
      }
      for (let i = 0; i < rows.length; i += INSERT_CHUNK)
        await knex('access_log').insert(rows.slice(i, i + INSERT_CHUNK));
    },

    async list(
      filter: AccessLogFilter,
      page: { limit: number; offset: number },
    ): Promise<{ rows: AccessLogRow[]; total: number }> {
      const [{ count }] = await filtered(filter).count<{ count: number | string }[]>({ count: '*' });
      const rows: AccessLogRow[] = await filtered(filter)
        .select('*')
        .orderBy([
          { column: 'at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(page.limit)
        .offset(page.offset);
      return { rows, total: Number(count) };
    },

    /** Deletes events recorded before `cutoff` (epoch ms); answers how many went. */
    async deleteBefore(cutoff: number): Promise<number> {
      return knex('access_log').where('at', '<', cutoff).delete();
    },
  };
}

export type AccessLogStore = ReturnType<typeof createAccessLogStore>;
