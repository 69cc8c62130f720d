/**
 * The admin dashboard's figures, each from one aggregate query (COUNT / SUM / GROUP BY): no table is
 * ever loaded whole. Tables owned by features that may not be installed yet (file shares, storage
 * configs, mounts) are looked up once per call and count as empty when absent.
 */

import type { ActivityDay, DashboardStats, ShareCounts, StorageUsage } from '@clip/sdk';
import type { Knex } from 'knex';
import { type Clock, systemClock } from '../clock.ts';
import { utcDay } from './activity.ts';
import { iso } from './time.ts';

const DAY_MS = 86_400_000;
export const ACTIVITY_DAYS = 7;

export interface DashboardService {
  stats(now?: number): Promise<DashboardStats>;
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** SQL for "this row's share can no longer be read": expired, or its view limit reached. */
const DEAD_SHARE = '(expires_at IS NOT NULL AND expires_at <= ?) OR (max_views > 0 AND views >= max_views)';

type ShareTable = 'pastes' | 'file_shares';

export function createDashboardService(knex: Knex, clock: Clock = systemClock): DashboardService {
  /** File shares count once their upload is committed ('ready'); a pending upload is not a share yet. */
  const shares = (table: ShareTable) =>
    table === 'file_shares' ? knex('file_shares').where('status', 'ready') : knex('pastes');

  async function shareCounts(table: ShareTable, now: number): Promise<ShareCounts> {
    const row = (await shares(table)
      .select(
        knex.raw('COUNT(*) AS total'),
        knex.raw(`SUM(CASE WHEN ${DEAD_SHARE} THEN 1 ELSE 0 END) AS expired`, [now]),
      )
      .first()) as { total: unknown; expired: unknown } | undefined;
    const total = num(row?.total);
    const expired = num(row?.expired);
    return { total, active: total - expired, expired };
  }

  async function keyCounts(now: number): Promise<ShareCounts> {
    const row = (await knex('api_keys')
      .select(
        knex.raw('COUNT(*) AS total'),
        knex.raw('SUM(CASE WHEN expires_at IS NOT NULL AND expires_at <= ? THEN 1 ELSE 0 END) AS expired', [
          now,
        ]),
      )
      .first()) as { total: unknown; expired: unknown } | undefined;
    const total = num(row?.total);
    const expired = num(row?.expired);
    return { total, active: total - expired, expired };
  }

  async function count(table: string): Promise<number> {
    const row = (await knex(table).count({ n: '*' }).first()) as { n: unknown } | undefined;
    return num(row?.n);
  }

  /** Used bytes per storage config: one GROUP BY over file shares, joined to the (small) config list. */
  async function storage(hasFiles: boolean): Promise<StorageUsage[]> {
    const configs: {
      id: string;
      name: string;
      provider_type: string;
      is_default: unknown;
      total_storage_bytes: unknown;
    }[] = await knex('storage_configs')
      .select('id', 'name', 'provider_type', 'is_default', 'total_storage_bytes')
      .orderBy([{ column: 'is_default', order: 'desc' }, { column: 'name' }]);
    const used = new Map<string, { bytes: number; files: number }>();
    if (hasFiles) {
      const rows: { config_id: string; bytes: unknown; files: unknown }[] = await shares('file_shares')
        .select('s3_config_id as config_id', knex.raw('SUM(size) AS bytes'), knex.raw('COUNT(*) AS files'))
        .groupBy('s3_config_id');
      for (const r of rows) used.set(String(r.config_id), { bytes: num(r.bytes), files: num(r.files) });
    }
    return configs.map((c) => {
      const u = used.get(String(c.id));
      const capacity = num(c.total_storage_bytes);
      return {
        storage_config_id: String(c.id),
        name: c.name,
        provider_type: c.provider_type,
        is_default: Boolean(c.is_default),
        used_bytes: u?.bytes ?? 0,
        file_count: u?.files ?? 0,
        total_bytes: capacity > 0 ? capacity : null,
      };
    });
  }

  /** Creations per UTC day since `since`: integer division of epoch ms by a day, grouped. */
  async function createdPerDay(table: ShareTable, since: number): Promise<Map<string, number>> {
    const rows: { day_index: unknown; n: unknown }[] = await shares(table)
      .select(knex.raw(`created_at / ${DAY_MS} AS day_index`), knex.raw('COUNT(*) AS n'))
      .where('created_at', '>=', since)
      .groupByRaw(`created_at / ${DAY_MS}`);
    return new Map(rows.map((r) => [utcDay(num(r.day_index) * DAY_MS), num(r.n)]));
  }

  async function viewsPerDay(firstDay: string): Promise<Map<string, { text: number; file: number }>> {
    const rows: { day: string; kind: string; count: unknown }[] = await knex('share_views_daily')
      .select('day', 'kind', 'count')
      .where('day', '>=', firstDay);
    const out = new Map<string, { text: number; file: number }>();
    for (const r of rows) {
      const entry = out.get(r.day) ?? { text: 0, file: 0 };
      if (r.kind === 'text' || r.kind === 'file') entry[r.kind] += num(r.count);
      out.set(r.day, entry);
    }
    return out;
  }

  async function activity(now: number, hasFiles: boolean): Promise<ActivityDay[]> {
    const todayStart = Math.floor(now / DAY_MS) * DAY_MS;
    const since = todayStart - (ACTIVITY_DAYS - 1) * DAY_MS;
    const [texts, files, views] = await Promise.all([
      createdPerDay('pastes', since),
      hasFiles ? createdPerDay('file_shares', since) : new Map<string, number>(),
      viewsPerDay(utcDay(since)),
    ]);
    return Array.from({ length: ACTIVITY_DAYS }, (_, i) => {
      const date = utcDay(since + i * DAY_MS);
      return {
        date,
        text_created: texts.get(date) ?? 0,
        file_created: files.get(date) ?? 0,
        text_views: views.get(date)?.text ?? 0,
        file_views: views.get(date)?.file ?? 0,
      };
    });
  }

  return {
    async stats(now = clock.now()) {
      const [hasFiles, hasConfigs, hasMounts] = await Promise.all(
        ['file_shares', 'storage_configs', 'mounts'].map((t) => knex.schema.hasTable(t)),
      );
      const none: ShareCounts = { total: 0, active: 0, expired: 0 };
      const [textShares, fileShares, apiKeys, storageConfigs, mounts, usage, days] = await Promise.all([
        shareCounts('pastes', now),
        hasFiles ? shareCounts('file_shares', now) : none,
        keyCounts(now),
        hasConfigs ? count('storage_configs') : 0,
        hasMounts ? count('mounts') : 0,
        hasConfigs ? storage(hasFiles) : [],
        activity(now, hasFiles),
      ]);
      return {
        text_shares: textShares,
        file_shares: fileShares,
        api_keys: apiKeys,
        storage_configs: storageConfigs,
        mounts,
        storage: usage,
        activity: days,
        generated_at: iso(now),
      };
    },
  };
}
