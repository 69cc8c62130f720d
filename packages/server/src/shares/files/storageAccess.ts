/**
 * What file shares need from storage configs, kept narrow so the share services do not depend on how
 * configs are stored: look a config up (or the default), get its driver, and decide who may use it.
 */
import { badRequest, forbidden, notFound } from '../../http/appError.ts';
import type { Actor } from '../../services/actor.ts';
import { storageConfigUsableBy } from '../../services/permissions.ts';
import type { StorageDriver } from '../../storage/driver.ts';

export interface ShareStorageConfig {
  id: string;
  provider_type: string;
  /** API keys may only use public configs. */
  is_public: boolean;
  /** S3: stream downloads through the server instead of redirecting to a presigned GET. */
  proxy_downloads: boolean;
  /** Upper bound for presigned URL lifetimes, seconds (null = the service's own default). */
  signature_expires_in: number | null;
  /** Capacity for shares in bytes; null or 0 = no limit. */
  total_storage_bytes: number | null;
}

export interface FileStorage {
  /** The config by id, or the default one when `id` is null; null when there is no such config. */
  config(id: string | null): Promise<ShareStorageConfig | null>;
  driver(configId: string): Promise<StorageDriver>;
}

/** Resolves the config an upload asks for and checks the actor may use it. */
export async function configForUpload(
  storage: FileStorage,
  actor: Actor,
  id: string | null | undefined,
): Promise<ShareStorageConfig> {
  const config = await storage.config(id ?? null);
  if (!config)
    throw id ? notFound(`storage config "${id}" not found`) : badRequest('no default storage config is set');
  if (!storageConfigUsableBy(actor, config)) throw forbidden('no permission to use this storage config');
  return config;
}
