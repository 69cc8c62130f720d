/** The only writer of `storage_configs` (ADR 0045); sealing, checks and drivers stay in storageConfigService.ts. */
import type { Knex } from 'knex';
import { isUniqueViolation } from '../db/connect.ts';
import { loadModels } from '../db/models/loadModels.ts';
import type { StorageConfigRow } from '../storage/createDriver.ts';

/** Tables whose rows point at a config; checked only where the table (and column) exists. */
const REFERENCES = [
  { table: 'file_shares', column: 's3_config_id', relation: 'shares', what: 'file share' },
  { table: 'mounts', column: 'storage_config_id', relation: 'mounts', what: 'mount' },
] as const;

/** Rows of another table that point at a config: how many, and for mounts their paths. */
export interface ConfigReference {
  what: string;
  n: number;
  /** The mounts' paths, so the admin knows which to move or delete first. */
  mountPaths?: string[];
}

/** Concurrent set-defaults on Postgres queue on this advisory lock instead of interleaving row and index locks. */
const SET_DEFAULT_LOCK = 0x636c6964;

export function createStorageConfigStore(knex: Knex) {
  const configs = (db: Knex = knex) => db<StorageConfigRow>('storage_configs');

  return {
    async byId(id: string): Promise<StorageConfigRow | undefined> {
      return (await loadModels()).StorageConfigModel.query(knex).findById(id);
    },
    async defaultRow(): Promise<StorageConfigRow | undefined> {
      return (await loadModels()).StorageConfigModel.query(knex).where({ is_default: true }).first();
    },
    /** Oldest first. */
    async list(): Promise<StorageConfigRow[]> {
      return (await loadModels()).StorageConfigModel.query(knex)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc');
    },
    async insert(row: Partial<StorageConfigRow> & { id: string }): Promise<void> {
      await (await loadModels()).StorageConfigModel.query(knex).insert(row);
    },
    async update(id: string, patch: Partial<StorageConfigRow>): Promise<void> {
      await (await loadModels()).StorageConfigModel.query(knex).patch(patch).where({ id });
    },
    /** A share or mount that points at it fails on the foreign key (isForeignKeyViolation). */
    async remove(id: string): Promise<void> {
      await (await loadModels()).StorageConfigModel.query(knex).deleteById(id);
    },
    async others(id: string): Promise<number> {
      const counted = await configs().whereNot({ id }).count<{ n: number | string }[]>({ n: '*' });
      return Number(counted[0]?.n ?? 0);
    },
    async references(id: string): Promise<ConfigReference[]> {
      const { StorageConfigModel } = await loadModels();
      const found: ConfigReference[] = [];
      for (const ref of REFERENCES) {
        if (!(await knex.schema.hasTable(ref.table)) || !(await knex.schema.hasColumn(ref.table, ref.column)))
          continue;
        const related = StorageConfigModel.relatedQuery(ref.relation, knex).for(id);
        if (ref.relation === 'mounts') {
          const rows = await related.orderBy('mount_path').select('mount_path');
          const paths = rows.map((m) => (m as unknown as { mount_path: string }).mount_path);
          found.push({ what: ref.what, n: paths.length, mountPaths: paths });
        } else found.push({ what: ref.what, n: await related.resultSize() });
      }
      return found;
    },
    /**
     * Makes `id` the only default; false when there is no such config. The partial unique index
     * guarantees one default whatever the race; a transaction that loses one (Postgres, concurrent
     * calls) is retried.
     */
    async makeDefault(id: string): Promise<boolean> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await knex.transaction(async (trx) => {
            if (knex.client.config.client === 'pg')
              await trx.raw('SELECT pg_advisory_xact_lock(?)', [SET_DEFAULT_LOCK]);
            if (!(await configs(trx).where({ id }).first())) return false;
            await configs(trx).where({ is_default: true }).whereNot({ id }).update({ is_default: false });
            await configs(trx).where({ id }).update({ is_default: true });
            return true;
          });
        } catch (err) {
          if (!isUniqueViolation(err) || attempt >= 5) throw err;
        }
      }
    },
  };
}
