/**
 * The SQL of `access_log`: batched inserts, the filtered newest-first read, and the sweep by age.
 * Every share read is an event, so the insert is on every read's bill:
 * - SQLite: one prepared single-row INSERT per event inside one transaction (db/hotStatements.ts): knex
 *   built a 500-row INSERT of 5,500 values per batch and SQLite compiled it anew each time, about as much
 *   CPU as the read itself on the event loop's thread.
 * - Postgres: the batch goes as one JSON parameter that the server unpacks (`json_to_recordset`), so no
 *   statement of thousands of placeholders is built here; and its commit does not wait for the WAL's
 *   flush (ADR 0092): the events were only in this process's memory until then, a Postgres crash could
 *   at worst forget the last fraction of a second of them, and a log write's commit no longer holds the
 *   WAL writer's lock through an fsync that other commits may queue behind.
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

/** Each column's type as `json_to_recordset` reads it; the INSERT casts to the table's own. */
const JSON_TYPES: Record<(typeof COLUMNS)[number], string> = {
  id: 'text',
  share_kind: 'text',
  share_id: 'text',
  owner: 'text',
  at: 'bigint',
  action: 'text',
  outcome: 'text',
  ip: 'text',
  user_agent: 'text',
  bytes: 'bigint',
  path: 'text',
};

const PG_INSERT_JSON = `INSERT INTO access_log (${COLUMNS.join(', ')})
  SELECT ${COLUMNS.map((c) => `r.${c}`).join(', ')}
  FROM json_to_recordset(?::json) AS r(${COLUMNS.map((c) => `${c} ${JSON_TYPES[c]}`).join(', ')}),
    (SELECT set_config('synchronous_commit', 'off', true)) AS without_flush_wait`;

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
      // json_to_recordset reads the columns it names and nothing else of each object.
      await knex.raw(PG_INSERT_JSON, [JSON.stringify(rows)]);
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
