/**
 * The mount form: state, the validation rules of spec section 5 and mounts.md (problem codes the
 * dialog translates), and the request body.
 */
import {
  type CreateMountBody,
  DEFAULT_MOUNT_CACHE_TTL_S,
  MOUNT_NAME_MAX,
  MOUNT_NAME_MIN,
  MOUNT_PATH_MAX,
  type Mount,
  type MountStorageType,
  RESERVED_MOUNT_SEGMENTS,
} from '@clip/sdk';

type StorageType = MountStorageType;

export interface MountFormState {
  name: string;
  mountPath: string;
  storageConfigId: string;
  storageType: StorageType;
  /** The folder inside the storage that becomes the mount's root ('' = the storage's root). */
  rootPrefix: string;
  remark: string;
  sortOrder: string;
  cacheTtl: string;
  webProxy: boolean;
  isActive: boolean;
}

export type MountField = 'name' | 'mountPath' | 'storageConfigId' | 'sortOrder' | 'cacheTtl';
export type MountProblem =
  | 'required'
  | 'name-length'
  | 'path-start'
  | 'path-trailing'
  | 'path-segment'
  | 'path-chars'
  | 'path-long'
  | 'path-reserved'
  | 'path-taken'
  | 'non-negative-integer';
export type MountProblems = Partial<Record<MountField, MountProblem>>;

export function newMountForm(storageConfigId = '', storageType: StorageType = 's3'): MountFormState {
  return {
    name: '',
    mountPath: '/',
    storageConfigId,
    storageType,
    rootPrefix: '',
    remark: '',
    sortOrder: '0',
    cacheTtl: String(DEFAULT_MOUNT_CACHE_TTL_S),
    webProxy: true,
    isActive: true,
  };
}

export function editMountForm(mount: Mount): MountFormState {
  return {
    name: mount.name,
    mountPath: mount.mount_path,
    storageConfigId: String(mount.storage_config_id),
    storageType: mount.storage_type,
    rootPrefix: mount.root_prefix,
    remark: mount.remark ?? '',
    sortOrder: String(mount.sort_order),
    cacheTtl: String(mount.cache_ttl),
    webProxy: mount.web_proxy,
    isActive: mount.is_active,
  };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const CONTROL = /[\u0000-\u001f\u007f\\]/;

/** What is wrong with a mount path, or null. `taken` lists the other mounts' paths. */
export function mountPathProblem(path: string, taken: readonly string[] = []): MountProblem | null {
  if (!path) return 'required';
  if (!path.startsWith('/') || path === '/') return 'path-start';
  if (path.endsWith('/')) return 'path-trailing';
  if (CONTROL.test(path)) return 'path-chars';
  if (path.length > MOUNT_PATH_MAX) return 'path-long';
  const segments = path.slice(1).split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return 'path-segment';
  if ((RESERVED_MOUNT_SEGMENTS as readonly string[]).includes(segments[0].toLowerCase()))
    return 'path-reserved';
  if (taken.includes(path)) return 'path-taken';
  return null;
}

const isNonNegativeInteger = (text: string) => /^\d+$/.test(text.trim());

export function validateMountForm(state: MountFormState, takenPaths: readonly string[] = []): MountProblems {
  const problems: MountProblems = {};
  const name = state.name.trim();
  if (!name) problems.name = 'required';
  else if (name.length < MOUNT_NAME_MIN || name.length > MOUNT_NAME_MAX) problems.name = 'name-length';
  const pathProblem = mountPathProblem(state.mountPath.trim(), takenPaths);
  if (pathProblem) problems.mountPath = pathProblem;
  if (!state.storageConfigId) problems.storageConfigId = 'required';
  if (!isNonNegativeInteger(state.sortOrder)) problems.sortOrder = 'non-negative-integer';
  if (!isNonNegativeInteger(state.cacheTtl)) problems.cacheTtl = 'non-negative-integer';
  return problems;
}

export function mountBody(state: MountFormState): CreateMountBody {
  return {
    name: state.name.trim(),
    mount_path: state.mountPath.trim(),
    storage_type: state.storageType,
    storage_config_id: state.storageConfigId,
    // Typed with or without slashes around it, it means the same folder.
    root_prefix: state.rootPrefix.trim().replace(/^\/+|\/+$/g, ''),
    remark: state.remark.trim(),
    sort_order: Number(state.sortOrder.trim()),
    cache_ttl: Number(state.cacheTtl.trim()),
    web_proxy: state.webProxy,
    is_active: state.isActive,
  };
}
