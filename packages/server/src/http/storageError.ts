/** A storage driver's failure as the client should see it, decided once for every caller. */
import { SealedSecretError } from '../crypto/secretBox.ts';
import { StorageNotFoundError, StoragePathError, StorageRangeError } from '../storage/driver.ts';
import { AppError, badRequest, notFound, upstreamFailed } from './appError.ts';

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
