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
  StorageFolderList,
  StorageProvider,
  StorageTestResult,
  UpdateStorageConfigBody,
} from '@clip/sdk/contract';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { SecretBox } from '../crypto/secretBox.ts';
import { isForeignKeyViolation } from '../db/connect.ts';
import { AppError, conflict, notFound } from '../http/appError.ts';
import { createDriver, localRoot, type StorageConfigRow } from '../storage/createDriver.ts';
import type { StorageDriver } from '../storage/driver.ts';
import type { UploadLedger } from '../storage/uploadLedger.ts';
import type { Actor } from './actor.ts';
import { seesStorageConfigDetails, storageConfigUsableBy } from './permissions.ts';
import { probeStorage } from './storageConfigProbe.ts';
import { checkConfig } from './storageConfigRules.ts';
import { createStorageConfigStore } from './storageConfigStore.ts';
import { listStorageFolders } from './storageFolders.ts';
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
  /** The folders directly inside `path` of the config's storage (to pick a mount's root_prefix). */
  folders(id: string, path: string): Promise<StorageFolderList>;
  /** A config by id, or the default one when `id` is null; null when there is none. */
  resolve(id: string | null): Promise<StorageConfig | null>;
  defaultConfig(): Promise<StorageConfig | null>;
  /** The driver of a config (cached per config version); 404 when the config does not exist. */
  driverFor(configId: string): Promise<StorageDriver>;
  close(): Promise<void>;
}

export function createStorageConfigService(
  knex: Knex,
  options: {
    box: SecretBox;
    dataDir: string;
    logger: Logger;
    /** Where a config's driver records the multipart uploads it opens (services/storageUploadStore.ts). */
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

  const configs = createStorageConfigStore(knex);

  async function row(id: string): Promise<StorageConfigRow> {
    const found = await configs.byId(id);
    if (!found) throw notFound(`storage config ${id} not found`);
    return found;
  }

  async function makeDefault(id: string): Promise<void> {
    if (!(await configs.makeDefault(id))) throw notFound(`storage config ${id} not found`);
  }

  async function usage(id: string): Promise<string[]> {
    const uses: string[] = [];
    for (const ref of await configs.references(id)) {
      if (ref.mountPaths) {
        // Named, so the admin knows which mounts to move or delete first.
        if (ref.mountPaths.length)
          uses.push(
            `${ref.mountPaths.length === 1 ? 'mount' : 'mounts'} ${ref.mountPaths.map((p) => `"${p}"`).join(', ')}`,
          );
      } else if (ref.n > 0) uses.push(`${ref.n} ${ref.what}${ref.n === 1 ? '' : 's'}`);
    }
    return uses;
  }

  async function resolve(id: string | null): Promise<StorageConfig | null> {
    const found = id === null ? await configs.defaultRow() : await configs.byId(id);
    return found ? full(found) : null;
  }

  const sealed = (secret: string | null) => (secret === null ? null : box.seal(secret));

  return {
    async list(actor) {
      // The store lists every config; which of them the actor may use is the permission module's call.
      const rows = (await configs.list()).filter((config) => storageConfigUsableBy(actor, config));
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
      await configs.insert({
        ...values,
        id,
        secret_access_key_sealed: sealed(secret ?? null),
        is_default: false,
        created_at: now,
        updated_at: now,
      });
      const hasDefault = await configs.defaultRow();
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
      await configs.update(id, patch);
      return full(await row(id));
    },

    async remove(id) {
      const current = await row(id);
      const uses = await usage(id);
      if (uses.length)
        throw new AppError(409, 'IN_USE', `storage config is still used by ${uses.join(' and ')}`);
      if (current.is_default) {
        if ((await configs.others(id)) > 0)
          throw conflict(
            'this is the default storage config: make another config the default first',
            'IN_USE',
          );
      }
      try {
        await configs.remove(id);
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

    async folders(id, path) {
      return listStorageFolders(await this.driverFor(id), path);
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
