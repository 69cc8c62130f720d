/**
 * The only writer of `fs_cache_versions` (ADR 0045): one growing version per storage config, and one per
 * mount (`mount:<id>`, a key's own cache clear), which the listing cache (listingCache.ts) serves under.
 */
import type { Knex } from 'knex';
import { type HotStatements, hotStatement } from '../db/hotStatements.ts';
import { loadModels } from '../db/models/loadModels.ts';
import type { MountRecord } from '../services/mountService.ts';

/**
 * Every listing reads its versions first: prepared once (db/hotStatements.ts). Both only ever grow, so
 * their sum changes whenever either is bumped.
 */
const MOUNT_VERSION = hotStatement(
  'fs_cache_mount_version',
  'SELECT COALESCE(SUM(version), 0) AS version FROM fs_cache_versions WHERE storage_config_id IN (?, ?)',
);

/** The row of one mount's own version (a key's cache clear), beside the rows of storage configs. */
export const mountScope = (mountId: string) => `mount:${mountId}`;

export function createCacheVersionStore(knex: Knex, hot: HotStatements) {
  return {
    /** The mount's current version: its config's plus its own. */
    async ofMount(mount: MountRecord): Promise<number> {
      const [row] = await hot.rows<{ version: number | string }>(MOUNT_VERSION, [
        mount.storageConfigId,
        mountScope(mount.id),
      ]);
      return Number(row?.version ?? 0);
    },
    /** Every scope that has a row. */
    async scopes(): Promise<string[]> {
      const rows = await (await loadModels()).CacheVersionModel.query(knex).select('storage_config_id');
      return rows.map((r) => r.storage_config_id);
    },
    /** `scope`: a storage config's id, or a mount's own row (mountScope). */
    async bump(scope: string): Promise<void> {
      await knex('fs_cache_versions')
        .insert({ storage_config_id: scope, version: 1 })
        .onConflict('storage_config_id')
        .merge({ version: knex.raw('?? + 1', ['fs_cache_versions.version']) });
    },
  };
}
