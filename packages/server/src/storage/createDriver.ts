/** Builds the StorageDriver a storage config row describes: `local` is a directory, every other provider S3. */
import { isAbsolute, join } from 'node:path';
import type { SecretBox } from '../crypto/secretBox.ts';
import type { StorageDriver } from './driver.ts';
import { LocalDriver } from './local/localDriver.ts';
import type { UploadLedger } from './uploadLedger.ts';

/** A row of `storage_configs` as the database answers it (booleans are 0/1 on SQLite). */
export interface StorageConfigRow {
  id: string;
  name: string;
  provider_type: string;
  endpoint_url: string | null;
  bucket_name: string | null;
  region: string | null;
  access_key_id: string | null;
  secret_access_key_sealed: string | null;
  path_style: boolean | number;
  default_folder: string;
  is_public: boolean | number;
  is_default: boolean | number;
  total_storage_bytes: number | null;
  custom_host: string | null;
  signature_expires_in: number;
  root_path: string | null;
  proxy_downloads: boolean | number;
  created_at: number;
  updated_at: number;
}

export interface CreateDriverOptions {
  box: SecretBox;
  /** Relative local roots are resolved against it. */
  dataDir: string;
  logger?: { warn(obj: object, msg: string): void };
  /** A short leash for connection tests: one attempt, quick timeouts. */
  probe?: boolean;
  /** Where the driver records the multipart uploads it opens (none for a connection test). */
  ledger?: UploadLedger;
}

/** The directory a local config stores into. */
export function localRoot(rootPath: string, dataDir: string): string {
  return isAbsolute(rootPath) ? rootPath : join(dataDir, rootPath);
}

/** Builds the driver; the AWS SDK is loaded only when the first S3 config is used. */
export async function createDriver(
  row: StorageConfigRow,
  options: CreateDriverOptions,
): Promise<StorageDriver> {
  if (row.provider_type === 'local') {
    if (!row.root_path) throw new Error(`local storage config ${row.id} has no root_path`);
    return new LocalDriver({ root: localRoot(row.root_path, options.dataDir) });
  }
  if (!row.bucket_name) throw new Error(`storage config ${row.id} has no bucket`);
  const { S3Driver } = await import('./s3/s3Driver.ts');
  return new S3Driver({
    endpoint: row.endpoint_url,
    region: row.region || (row.provider_type === 'r2' ? 'auto' : 'us-east-1'),
    bucket: row.bucket_name,
    accessKeyId: row.access_key_id ?? '',
    secretAccessKey: row.secret_access_key_sealed ? options.box.open(row.secret_access_key_sealed) : '',
    forcePathStyle: Boolean(row.path_style),
    defaultFolder: row.default_folder,
    customHost: row.custom_host,
    logger: options.logger,
    ledger: options.ledger,
    ...(options.probe ? { maxAttempts: 1, connectionTimeoutMs: 5000, socketTimeoutMs: 15_000 } : {}),
  });
}
