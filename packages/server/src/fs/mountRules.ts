/** Mount validation beyond what the JSON schema says (spec section 5, mounts.md "Mounts"). */
import { MOUNT_NAME_MAX, MOUNT_NAME_MIN, MOUNT_PATH_MAX, RESERVED_MOUNT_SEGMENTS } from '@clip/sdk/contract';
import { badRequest } from '../http/appError.ts';
import { StoragePathError } from '../storage/driver.ts';
import { cleanPath } from '../storage/paths.ts';
import { isServerObjectPath, SERVER_ROOT } from '../storage/serverObjects.ts';

/** Why a mount path is refused, or null. */
export function mountPathProblem(path: string): string | null {
  if (!path.startsWith('/')) return `mount_path "${path}" must start with "/"`;
  if (path === '/') return 'mount_path cannot be "/" (the root lists the mounts)';
  if (path.length > MOUNT_PATH_MAX) return `mount_path is longer than ${MOUNT_PATH_MAX} characters`;
  if (path.endsWith('/')) return `mount_path "${path}" must not end with "/"`;
  if (path.includes('\\')) return 'mount_path must not contain "\\"';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'mount_path must not contain NUL or control characters';
  const segments = path.slice(1).split('/');
  for (const s of segments) {
    if (s === '') return `mount_path "${path}" has an empty segment`;
    if (s === '.' || s === '..') return `mount_path "${path}" must not contain "${s}" segments`;
  }
  const first = segments[0].toLowerCase();
  if ((RESERVED_MOUNT_SEGMENTS as readonly string[]).includes(first))
    return `mount_path cannot start with "/${segments[0]}": it is reserved`;
  return null;
}

export function checkMountPath(path: string): string {
  const problem = mountPathProblem(path);
  if (problem) throw badRequest(problem);
  return path.normalize('NFC');
}

export function checkMountName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length < MOUNT_NAME_MIN || trimmed.length > MOUNT_NAME_MAX)
    throw badRequest(`name must be ${MOUNT_NAME_MIN} to ${MOUNT_NAME_MAX} characters`);
  return trimmed;
}

/**
 * A folder inside the storage config: relative, no `..`, never inside the server's own `.clip` folder
 * (ADR 0040); '' = the config's root.
 */
export function checkRootPrefix(prefix: string | null | undefined): string {
  if (!prefix) return '';
  let clean: string;
  try {
    clean = cleanPath(prefix.replace(/^\/+/, ''));
  } catch (err) {
    if (err instanceof StoragePathError) throw badRequest(`root_prefix: ${err.message}`);
    throw err;
  }
  if (isServerObjectPath(clean))
    throw badRequest(
      `root_prefix "${prefix}" is inside "${SERVER_ROOT}/", which is reserved for the server's own objects`,
    );
  return clean;
}

/** sort_order and cache_ttl: non-negative integers; 0 is kept as 0 (never "falsy means default"). */
export function checkNonNegativeInteger(value: unknown, field: string, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw badRequest(`${field} must be a non-negative integer`);
  return value;
}
