/**
 * The one rule every driver applies to the paths it is given: driver-relative, '/'-separated keys.
 * Paths that could mean something else somewhere are refused, not repaired.
 */
import { StoragePathError } from './driver.ts';

/**
 * Checks and normalises a driver path: a trailing slash is dropped, '' is the root.
 * Refused: NUL or other control characters, a leading '/' (absolute), '\\', and empty, '.' or '..' segments.
 */
export function cleanPath(path: string): string {
  if (typeof path !== 'string') throw new StoragePathError('storage path must be a string');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(path))
    throw new StoragePathError('storage path must not contain control characters');
  if (path.startsWith('/')) throw new StoragePathError(`storage path "${path}" must be relative`);
  if (path.includes('\\')) throw new StoragePathError(`storage path "${path}" must not contain "\\"`);
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === '') return '';
  for (const segment of trimmed.split('/')) {
    if (segment === '' || segment === '.' || segment === '..')
      throw new StoragePathError(`storage path "${path}" has an empty, "." or ".." segment`);
  }
  return trimmed;
}

/** The last segment of a clean path ('' for the root). */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Joins a clean directory path and a child name. */
export function childPath(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

/** True when `path` is `dir` itself or lies below it. */
export function isSameOrBelow(dir: string, path: string): boolean {
  return dir === '' || path === dir || path.startsWith(`${dir}/`);
}
