/**
 * The dashboard's reads (ADR 0045): aggregate queries (COUNT / SUM / GROUP BY) over tables other stores
 * write, so no table is ever loaded whole. It writes nothing; dashboardService.ts shapes the figures.
 */
import type { Knex } from 'knex';
import { loadModels } from '../db/models/loadModels.ts';

export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** SQL for "this row's share can no longer be read": expired, or its view limit reached. */
const DEAD_SHARE = '(expires_at IS NOT NULL AND expires_at <= ?) OR (max_views > 0 AND views >= max_views)';
const DEAD_KEY = 'expires_at IS NOT NULL AND expires_at <= ?';

export type ShareTable = 'pastes' | 'file_shares';

export interface ConfigUsageRow {
  id: string;
  name: string;
  provider_type: string;
  is_default: unknown;
  total_storage_bytes: unknown;
}

export function createDashboardStore(knex: Knex) {
  /** File shares count once their upload is committed ('ready'); a pending upload is not a share yet. */
  const shares = (table: ShareTable) =>
    table === 'file_shares' ? knex('file_shares').where('status', 'ready') : knex('pastes');

  /** Rows, and those `dead` (SQL with one `?` for now) at `now`. */
  async function totalAndDead(q: Knex.QueryBuilder, dead: string, now: number) {
    const row = (await q
      .select(
        knex.raw('COUNT(*) AS total'),
        knex.raw(`SUM(CASE WHEN ${dead} THEN 1 ELSE 0 END) AS expired`, [now]),
      )
      .first()) as { total: unknown; expired: unknown } | undefined;
    return { total: num(row?.total), expired: num(row?.expired) };
  }

  return {
    /** Which of these tables exist: features that may not be installed yet count as empty. */
    hasTables(tables: string[]): Promise<boolean[]> {
      return Promise.all(tables.map((t) => knex.schema.hasTable(t)));
    },
    shareCounts: (table: ShareTable, now: number) => totalAndDead(shares(table), DEAD_SHARE, now),
    keyCounts: (now: number) => totalAndDead(knex('api_keys'), DEAD_KEY, now),
    async count(table: string): Promise<number> {
      const row = (await knex(table).count({ n: '*' }).first()) as { n: unknown } | undefined;
      return num(row?.n);
    },
    storageConfigs(): Promise<ConfigUsageRow[]> {
      return knex('storage_configs')
        .select('id', 'name', 'provider_type', 'is_default', 'total_storage_bytes')
        .orderBy([{ column: 'is_default', order: 'desc' }, { column: 'name' }]);
    },
    /** Bytes and files of ready file shares per storage config: one GROUP BY. */
    usedPerConfig(): Promise<{ config_id: string; bytes: unknown; files: unknown }[]> {
      return shares('file_shares')
        .select('s3_config_id as config_id', knex.raw('SUM(size) AS bytes'), knex.raw('COUNT(*) AS files'))
        .groupBy('s3_config_id');
    },
    /** Shares created per UTC day and kind since `firstDay` (the tally creates write; sweeps leave it alone). */
    async createdSince(firstDay: string): Promise<{ day: string; kind: string; count: unknown }[]> {
      return (await loadModels()).DailyCreationModel.query(knex)
        .select('day', 'kind', 'count')
        .where('day', '>=', firstDay);
    },
    async viewsSince(firstDay: string): Promise<{ day: string; kind: string; count: unknown }[]> {
      return (await loadModels()).ShareViewDailyModel.query(knex)
        .select('day', 'kind', 'count')
        .where('day', '>=', firstDay);
    },
  };
}
