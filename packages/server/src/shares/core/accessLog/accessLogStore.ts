/**
 * The SQL of `access_log`: batched inserts, the filtered newest-first read, and the sweep by age.
 * Every share read is an event, so the insert is a hot statement (db/hotStatements.ts): knex built a
 * 500-row INSERT of 5,500 values per batch and SQLite compiled it anew each time, together about as much
 * CPU as the read itself. SQLite runs one prepared single-row INSERT per event inside one transaction;
 * Postgres inserts the batch from one array per column (`unnest`) in one prepared statement.
 */
import type { AccessAction, AccessOutcome, AccessShareKind } from '@clip/sdk/contract';
import type { Knex } from 'knex';
import { type HotStatements, hotStatement, type SqliteHotStatements } from '../../../db/hotStatements.ts';

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

/** Postgres: the batch as one array per column, in COLUMNS' order (the table's column types). */
const POSTGRES_TYPES = [
  'text',
  'text',
  'text',
  'text',
  'int8',
  'text',
  'text',
  'text',
  'text',
  'int8',
  'text',
];

const INSERT_ONE = hotStatement(
  'access_log_insert_one',
  `INSERT INTO access_log (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`,
);
const INSERT_BATCH = hotStatement(
  'access_log_insert_batch',
  '',
  `INSERT INTO access_log (${COLUMNS.join(', ')}) SELECT * FROM unnest(${POSTGRES_TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`,
);

export function createAccessLogStore(
  knex: Knex,
  hot: { statements: HotStatements; sqlite: SqliteHotStatements | null },
) {
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
      if (hot.sqlite) {
        await hot.sqlite.unit((run) => {
          for (const row of rows)
            run(
              INSERT_ONE,
              COLUMNS.map((c) => row[c]),
            );
        });
        return;
      }
      await hot.statements.run(
        INSERT_BATCH,
        COLUMNS.map((c) => rows.map((row) => row[c])),
      );
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
