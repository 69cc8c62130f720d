/** Storage failures as the file system reports them: the AppError each adapter maps to its protocol. */
import { AppError, badRequest, notFound } from '../http/appError.ts';
import {
  StorageNotFoundError,
  StoragePathError,
  StorageRangeError,
  StorageSizeError,
} from '../storage/driver.ts';

export function fsStorageError(err: unknown, path: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof StoragePathError) return badRequest(`"${path}": ${err.message}`);
  if (err instanceof StorageNotFoundError) return notFound(`"${path}" not found`);
  if (err instanceof StorageRangeError) return new AppError(416, 'BAD_REQUEST', err.message);
  if (err instanceof StorageSizeError) return badRequest(`"${path}": ${err.message}`);
  const name = (err as Error)?.name;
  if (name === 'AbortError') return new AppError(400, 'CANCELLED', `"${path}": the upload was cancelled`);
  return new AppError(
    502,
    'UPSTREAM_FAILED',
    `"${path}": storage failed (${(err as Error)?.message ?? String(err)})`,
  );
}

/** Runs a storage call and maps its failure. */
export async function onStorage<T>(path: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw fsStorageError(err, path);
  }
}
