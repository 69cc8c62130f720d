/**
 * The admin dashboard's figures, each from one aggregate query (dashboardStore.ts): no table is ever
 * loaded whole. Tables owned by features that may not be installed yet (file shares, storage configs,
 * mounts) are looked up once per call and count as empty when absent.
 */

import type { ActivityDay, DashboardStats, ShareCounts, StorageUsage } from '@clip/sdk';
import type { Knex } from 'knex';
import { type Clock, systemClock } from '../clock.ts';
import { utcDay } from './activity.ts';
import { createDashboardStore, num, type ShareTable } from './dashboardStore.ts';
import { iso } from './time.ts';

const DAY_MS = 86_400_000;
export const ACTIVITY_DAYS = 7;

export interface DashboardService {
  stats(now?: number): Promise<DashboardStats>;
}

export function createDashboardService(knex: Knex, clock: Clock = systemClock): DashboardService {
  const store = createDashboardStore(knex);

  async function shareCounts(table: ShareTable, now: number): Promise<ShareCounts> {
    const { total, expired } = await store.shareCounts(table, now);
    return { total, active: total - expired, expired };
  }

  async function keyCounts(now: number): Promise<ShareCounts> {
    const { total, expired } = await store.keyCounts(now);
    return { total, active: total - expired, expired };
  }

  /** Used bytes per storage config: one GROUP BY over file shares, joined to the (small) config list. */
  async function storage(hasFiles: boolean): Promise<StorageUsage[]> {
    const configs = await store.storageConfigs();
    const used = new Map<string, { bytes: number; files: number }>();
    if (hasFiles) {
      for (const r of await store.usedPerConfig())
        used.set(String(r.config_id), { bytes: num(r.bytes), files: num(r.files) });
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

  /** A tally's rows (creations or views) as text and file counts per UTC day. */
  function perDay(rows: { day: string; kind: string; count: unknown }[]) {
    const out = new Map<string, { text: number; file: number }>();
    for (const r of rows) {
      const entry = out.get(r.day) ?? { text: 0, file: 0 };
      if (r.kind === 'text' || r.kind === 'file') entry[r.kind] += num(r.count);
      out.set(r.day, entry);
    }
    return out;
  }

  async function activity(now: number): Promise<ActivityDay[]> {
    const todayStart = Math.floor(now / DAY_MS) * DAY_MS;
    const since = todayStart - (ACTIVITY_DAYS - 1) * DAY_MS;
    const [created, views] = await Promise.all([
      store.createdSince(utcDay(since)).then(perDay),
      store.viewsSince(utcDay(since)).then(perDay),
    ]);
    return Array.from({ length: ACTIVITY_DAYS }, (_, i) => {
      const date = utcDay(since + i * DAY_MS);
      return {
        date,
        text_created: created.get(date)?.text ?? 0,
        file_created: created.get(date)?.file ?? 0,
        text_views: views.get(date)?.text ?? 0,
        file_views: views.get(date)?.file ?? 0,
      };
    });
  }

  return {
    async stats(now = clock.now()) {
      const [hasFiles, hasConfigs, hasMounts] = await store.hasTables([
        'file_shares',
        'storage_configs',
        'mounts',
      ]);
      const none: ShareCounts = { total: 0, active: 0, expired: 0 };
      const [textShares, fileShares, apiKeys, storageConfigs, mounts, usage, days] = await Promise.all([
        shareCounts('pastes', now),
        hasFiles ? shareCounts('file_shares', now) : none,
        keyCounts(now),
        hasConfigs ? store.count('storage_configs') : 0,
        hasMounts ? store.count('mounts') : 0,
        hasConfigs ? storage(hasFiles) : [],
        activity(now),
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
