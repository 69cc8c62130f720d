/**
 * Storage failures as the file system reports them: the AppError each adapter maps to its protocol.
 * A failure nobody planned for (a system error, a store's answer) is named by what it means for the
 * path ("a file is in the way", "the storage is full"); its own text, which carries server paths and
 * errno codes, is the AppError's `detail`, logged with the request or task id and never sent.
 */
import type { ErrorCode } from '@clip/sdk';
import { AppError, badRequest, notFound } from '../http/appError.ts';
import {
  StorageNotFoundError,
  StoragePathError,
  StorageRangeError,
  StorageSizeError,
  StorageUnavailableError,
} from '../storage/driver.ts';

interface Problem {
  status: number;
  code: ErrorCode;
  problem: string;
}

const inTheWay = (problem: string): Problem => ({ status: 409, code: 'CONFLICT', problem });
const refused: Problem = { status: 502, code: 'UPSTREAM_FAILED', problem: 'the storage refused access' };
const full: Problem = { status: 507, code: 'INSUFFICIENT_STORAGE', problem: 'the storage is full' };

/** System errors a storage meets, by errno code, as the problem they name for the path. */
const SYSTEM_PROBLEMS: Record<string, Problem> = {
  ENOTDIR: inTheWay('a file is in the way'),
  EEXIST: inTheWay('something is in the way'),
  EISDIR: inTheWay('a folder is in the way'),
  ENOTEMPTY: inTheWay('a folder that is not empty is in the way'),
  ENOENT: { status: 404, code: 'NOT_FOUND', problem: 'not found' },
  ENAMETOOLONG: { status: 400, code: 'VALIDATION_FAILED', problem: 'the name is too long for the storage' },
  EACCES: refused,
  EPERM: refused,
  EROFS: { status: 502, code: 'UPSTREAM_FAILED', problem: 'the storage is read-only' },
  ENOSPC: full,
  EDQUOT: full,
};
const UNAVAILABLE: Problem = { status: 502, code: 'UPSTREAM_FAILED', problem: 'storage failed' };

export function fsStorageError(err: unknown, path: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof StoragePathError) return badRequest(`"${path}": ${err.message}`);
  if (err instanceof StorageNotFoundError) return notFound(`"${path}" not found`);
  if (err instanceof StorageRangeError) return new AppError(416, 'BAD_REQUEST', err.message);
  if (err instanceof StorageSizeError) return badRequest(`"${path}": ${err.message}`);
  if (err instanceof StorageUnavailableError)
    return new AppError(502, 'UPSTREAM_FAILED', `"${path}": storage unavailable`, { detail: err });
  const name = (err as Error)?.name;
  if (name === 'AbortError') return new AppError(400, 'CANCELLED', `"${path}": the upload was cancelled`);
  const errno = (err as NodeJS.ErrnoException)?.code;
  const { status, code, problem } = (errno && SYSTEM_PROBLEMS[errno]) || UNAVAILABLE;
  return new AppError(status, code, `"${path}": ${problem}`, { detail: err ?? null });
}

/** Runs a storage call and maps its failure. */
export async function onStorage<T>(path: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw fsStorageError(err, path);
  }
}
