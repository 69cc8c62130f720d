/** The SQL of `access_log`: batched inserts, the filtered newest-first read, and the sweep by age. */
import type { AccessAction, AccessOutcome, AccessShareKind } from '@clip/sdk/contract';
import type { Knex } from 'knex';

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

/** Rows per INSERT: well under SQLite's 32766 bound parameters (11 columns each). */
const INSERT_CHUNK = 500;

export function createAccessLogStore(knex: Knex) {
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
