/**
 * Storage configs: CRUD for the admin, the public ones for API keys, exactly one default, a real connection
 * test, and — for the services that store bytes — `driverFor(id)`. The secret access key is sealed with the
 * server's secret box and never leaves this module in an answer.
 */
import { randomUUID } from 'node:crypto';
import type {
  CreateStorageConfigBody,
  ListResult,
  StorageConfig,
  StorageConfigSummary,
  StorageConfigView,
  StorageProvider,
  StorageTestResult,
  UpdateStorageConfigBody,
} from '@clip/sdk/contract';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { SecretBox } from '../crypto/secretBox.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../db/connect.ts';
import { AppError, conflict, notFound } from '../http/appError.ts';
import { createDriver, localRoot, type StorageConfigRow } from '../storage/createDriver.ts';
import type { StorageDriver } from '../storage/driver.ts';
import type { UploadLedger } from '../storage/uploadLedger.ts';
import type { Actor } from './actor.ts';
import { seesStorageConfigDetails, storageConfigUsableBy } from './permissions.ts';
import { probeStorage } from './storageConfigProbe.ts';
import { checkConfig } from './storageConfigRules.ts';
import { iso } from './time.ts';

export interface StorageConfigService {
  /** The admin sees every config; an API key only the public ones, as summaries. */
  list(actor: Actor): Promise<ListResult<StorageConfigView>>;
  get(actor: Actor, id: string): Promise<StorageConfigView>;
  create(body: CreateStorageConfigBody): Promise<StorageConfig>;
  update(id: string, body: UpdateStorageConfigBody): Promise<StorageConfig>;
  remove(id: string): Promise<void>;
  setDefault(id: string): Promise<StorageConfig>;
  test(id: string): Promise<StorageTestResult>;
  /** A config by id, or the default one when `id` is null; null when there is none. */
  resolve(id: string | null): Promise<StorageConfig | null>;
  defaultConfig(): Promise<StorageConfig | null>;
  /** The driver of a config (cached per config version); 404 when the config does not exist. */
  driverFor(configId: string): Promise<StorageDriver>;
  close(): Promise<void>;
}

/** Tables whose rows point at a config; checked only where the table (and column) exists. */
const REFERENCES = [
  { table: 'file_shares', column: 's3_config_id', what: 'file share' },
  { table: 'mounts', column: 'storage_config_id', what: 'mount' },
] as const;

export function createStorageConfigService(
  knex: Knex,
  options: {
    box: SecretBox;
    dataDir: string;
    logger: Logger;
    /** Where a config's driver records the multipart uploads it opens (services/storageUploads.ts). */
    ledgerFor?: (configId: string) => UploadLedger;
  },
): StorageConfigService {
  const { box, dataDir, logger } = options;
  // Promises, so requests that arrive while a driver is being built (its SDK loading) share it.
  const drivers = new Map<string, { version: number; driver: Promise<StorageDriver> }>();
  const driverLogger = { warn: (obj: object, msg: string) => logger.warn(obj, msg) };

  const summary = (row: StorageConfigRow): StorageConfigSummary => ({
    id: row.id,
    name: row.name,
    provider_type: row.provider_type as StorageProvider,
    is_public: Boolean(row.is_public),
    is_default: Boolean(row.is_default),
    total_storage_bytes: row.total_storage_bytes === null ? null : Number(row.total_storage_bytes),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  });
  const full = (row: StorageConfigRow): StorageConfig => ({
    ...summary(row),
    endpoint_url: row.endpoint_url,
    bucket_name: row.bucket_name,
    region: row.region,
    access_key_id: row.access_key_id,
    has_secret_access_key: Boolean(row.secret_access_key_sealed),
    path_style: Boolean(row.path_style),
    default_folder: row.default_folder,
    custom_host: row.custom_host,
    signature_expires_in: Number(row.signature_expires_in),
    root_path: row.root_path === null ? null : localRoot(row.root_path, dataDir),
    proxy_downloads: Boolean(row.proxy_downloads),
  });

  async function row(id: string, db: Knex = knex): Promise<StorageConfigRow> {
    const found = await db<StorageConfigRow>('storage_configs').where({ id }).first();
    if (!found) throw notFound(`storage config ${id} not found`);
    return found;
  }

  /**
   * Makes `id` the only default. The partial unique index guarantees one default whatever the race;
   * a transaction that loses one (Postgres, concurrent calls) is retried.
   */
  const SET_DEFAULT_LOCK = 0x636c6964;

  async function makeDefault(id: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await knex.transaction(async (trx) => {
          // Concurrent set-defaults on Postgres queue here instead of interleaving row and index locks.
          if (knex.client.config.client === 'pg')
            await trx.raw('SELECT pg_advisory_xact_lock(?)', [SET_DEFAULT_LOCK]);
          await row(id, trx);
          await trx('storage_configs')
            .where({ is_default: true })
            .whereNot({ id })
            .update({ is_default: false });
          await trx('storage_configs').where({ id }).update({ is_default: true });
        });
        return;
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 5) throw err;
      }
    }
  }

  async function usage(id: string): Promise<string[]> {
    const uses: string[] = [];
    for (const ref of REFERENCES) {
      if (!(await knex.schema.hasTable(ref.table)) || !(await knex.schema.hasColumn(ref.table, ref.column)))
        continue;
      if (ref.table === 'mounts') {
        // Named, so the admin knows which mounts to move or delete first.
        const names = (await knex('mounts')
          .where(ref.column, id)
          .orderBy('mount_path')
          .select('mount_path')) as {
          mount_path: string;
        }[];
        if (names.length)
          uses.push(
            `${names.length === 1 ? 'mount' : 'mounts'} ${names.map((m) => `"${m.mount_path}"`).join(', ')}`,
          );
        continue;
      }
      const counted = await knex(ref.table).where(ref.column, id).count<{ n: number | string }[]>({ n: '*' });
      const n = Number(counted[0]?.n ?? 0);
      if (n > 0) uses.push(`${n} ${ref.what}${n === 1 ? '' : 's'}`);
    }
    return uses;
  }

  async function resolve(id: string | null): Promise<StorageConfig | null> {
    const found =
      id === null
        ? await knex<StorageConfigRow>('storage_configs').where({ is_default: true }).first()
        : await knex<StorageConfigRow>('storage_configs').where({ id }).first();
    return found ? full(found) : null;
  }

  const sealed = (secret: string | null) => (secret === null ? null : box.seal(secret));

  return {
    async list(actor) {
      const query = knex<StorageConfigRow>('storage_configs')
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc');
      const rows = (await query).filter((config) => storageConfigUsableBy(actor, config));
      return { items: rows.map(seesStorageConfigDetails(actor) ? full : summary), total: rows.length };
    },

    async get(actor, id) {
      const found = await row(id);
      if (seesStorageConfigDetails(actor)) return full(found);
      // A key does not learn that a private config exists.
      if (!storageConfigUsableBy(actor, found)) throw notFound(`storage config ${id} not found`);
      return summary(found);
    },

    async create(body) {
      const { values, secret } = checkConfig(body, null);
      const now = Date.now();
      const id = randomUUID();
      await knex('storage_configs').insert({
        ...values,
        id,
        secret_access_key_sealed: sealed(secret ?? null),
        is_default: false,
        created_at: now,
        updated_at: now,
      });
      const hasDefault = await knex('storage_configs').where({ is_default: true }).first('id');
      if (body.is_default || !hasDefault) await makeDefault(id);
      return full(await row(id));
    },

    async update(id, body) {
      const current = await row(id);
      const { values, secret } = checkConfig(body, current);
      const patch: Partial<StorageConfigRow> = {
        ...values,
        updated_at: Math.max(Date.now(), Number(current.updated_at) + 1),
      };
      if (secret !== undefined) patch.secret_access_key_sealed = sealed(secret);
      await knex('storage_configs').where({ id }).update(patch);
      return full(await row(id));
    },

    async remove(id) {
      const current = await row(id);
      const uses = await usage(id);
      if (uses.length)
        throw new AppError(409, 'IN_USE', `storage config is still used by ${uses.join(' and ')}`);
      if (current.is_default) {
        const others = await knex('storage_configs')
          .whereNot({ id })
          .count<{ n: number | string }[]>({ n: '*' });
        if (Number(others[0]?.n ?? 0) > 0)
          throw conflict(
            'this is the default storage config: make another config the default first',
            'IN_USE',
          );
      }
      try {
        await knex('storage_configs').where({ id }).delete();
      } catch (err) {
        // A share (or mount) created since the check above: the foreign key refuses, so nothing is orphaned.
        if (!isForeignKeyViolation(err)) throw err;
        const now = await usage(id);
        throw new AppError(
          409,
          'IN_USE',
          `storage config is still used by ${now.join(' and ') || 'a share'}`,
        );
      }
      drivers.delete(id);
    },

    async setDefault(id) {
      await makeDefault(id);
      return full(await row(id));
    },

    async test(id) {
      const driver = await createDriver(await row(id), { box, dataDir, logger: driverLogger, probe: true });
      try {
        return await probeStorage(driver);
      } finally {
        await driver.close();
      }
    },

    resolve,
    defaultConfig: () => resolve(null),

    async driverFor(configId) {
      const current = await row(configId);
      const version = Number(current.updated_at);
      const cached = drivers.get(configId);
      if (cached?.version === version) return cached.driver;
      // An older driver may still serve a transfer in flight: it is dropped, not closed.
      const driver = createDriver(current, {
        box,
        dataDir,
        logger: driverLogger,
        ledger: options.ledgerFor?.(configId),
      });
      drivers.set(configId, { version, driver });
      driver.catch(() => {
        // A driver that could not be built is built again by the next call.
        if (drivers.get(configId)?.driver === driver) drivers.delete(configId);
      });
      return driver;
    },

    async close() {
      const all = [...drivers.values()];
      drivers.clear();
      await Promise.all(all.map(async (d) => (await d.driver.catch(() => null))?.close()));
    },
  };
}
