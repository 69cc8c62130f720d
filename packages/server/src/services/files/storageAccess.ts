/**
 * What file shares need from storage configs, kept narrow so the share services do not depend on how
 * configs are stored: look a config up (or the default), get its driver, and decide who may use it.
 * Driver failures become client-facing errors here, once.
 */
import { SealedSecretError } from '../../crypto/secretBox.ts';
import { AppError, badRequest, forbidden, notFound, upstreamFailed } from '../../http/appError.ts';
import {
  type StorageDriver,
  StorageNotFoundError,
  StoragePathError,
  StorageRangeError,
} from '../../storage/driver.ts';
import type { Actor } from '../actor.ts';
import { storageConfigUsableBy } from '../permissions.ts';

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

/** Turns a driver failure into what the client should see; unknown failures are an upstream problem. */
export function storageError(err: unknown, what: string): AppError {
  if (err instanceof AppError) return err;
  // Another server secret sealed this config's credentials: say so, it is no storage outage.
  if (err instanceof SealedSecretError) return new AppError(409, 'CONFLICT', err.message);
  if (err instanceof StoragePathError) return badRequest(`${what}: ${err.message}`);
  if (err instanceof StorageNotFoundError) return notFound(`${what}: the stored object is missing`);
  if (err instanceof StorageRangeError) return new AppError(416, 'BAD_REQUEST', err.message);
  return upstreamFailed(`${what}: the storage failed`, err);
}
