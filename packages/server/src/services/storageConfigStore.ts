/** The only writer of `storage_configs` (ADR 0045); sealing, checks and drivers stay in storageConfigService.ts. */
import type { Knex } from 'knex';
import { isUniqueViolation } from '../db/connect.ts';
import type { StorageConfigRow } from '../storage/createDriver.ts';

/** Tables whose rows point at a config; checked only where the table (and column) exists. */
const REFERENCES = [
  { table: 'file_shares', column: 's3_config_id', what: 'file share' },
  { table: 'mounts', column: 'storage_config_id', what: 'mount' },
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
    byId(id: string): Promise<StorageConfigRow | undefined> {
      return configs().where({ id }).first();
    },
    defaultRow(): Promise<StorageConfigRow | undefined> {
      return configs().where({ is_default: true }).first();
    },
    /** Oldest first. */
    list(): Promise<StorageConfigRow[]> {
      return configs().orderBy('created_at', 'asc').orderBy('id', 'asc');
    },
    async insert(row: Partial<StorageConfigRow> & { id: string }): Promise<void> {
      await knex('storage_configs').insert(row);
    },
    async update(id: string, patch: Partial<StorageConfigRow>): Promise<void> {
      await configs().where({ id }).update(patch);
    },
    /** A share or mount that points at it fails on the foreign key (isForeignKeyViolation). */
    async remove(id: string): Promise<void> {
      await configs().where({ id }).delete();
    },
    async others(id: string): Promise<number> {
      const counted = await configs().whereNot({ id }).count<{ n: number | string }[]>({ n: '*' });
      return Number(counted[0]?.n ?? 0);
    },
    async references(id: string): Promise<ConfigReference[]> {
      const found: ConfigReference[] = [];
      for (const ref of REFERENCES) {
        if (!(await knex.schema.hasTable(ref.table)) || !(await knex.schema.hasColumn(ref.table, ref.column)))
          continue;
        if (ref.table === 'mounts') {
          const rows: { mount_path: string }[] = await knex('mounts')
            .where(ref.column, id)
            .orderBy('mount_path')
            .select('mount_path');
          found.push({ what: ref.what, n: rows.length, mountPaths: rows.map((m) => m.mount_path) });
          continue;
        }
        const counted = await knex(ref.table)
          .where(ref.column, id)
          .count<{ n: number | string }[]>({ n: '*' });
        found.push({ what: ref.what, n: Number(counted[0]?.n ?? 0) });
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
