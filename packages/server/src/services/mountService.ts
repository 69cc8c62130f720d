/**
 * Mounts: admin CRUD and read-only views for keys (spec sections 3, 5, 6; mounts.md "Mounts").
 * Deleting a mount never touches stored objects. The file-system service reads active mounts through
 * `activeMounts()` on every call, so a change made by any server process is seen at once.
 */
import { randomUUID } from 'node:crypto';
import {
  type CreateMountBody,
  DEFAULT_MOUNT_CACHE_TTL_S,
  type ListResult,
  type Mount,
  type MountStorageType,
  type UpdateMountBody,
} from '@clip/sdk/contract';
import type { Knex } from 'knex';
import { isUniqueViolation } from '../db/connect.ts';
import type { HotStatements } from '../db/hotStatements.ts';
import {
  checkMountName,
  checkMountPath,
  checkNonNegativeInteger,
  checkRootPrefix,
} from '../fs/mountRules.ts';
import { badRequest, conflict, notFound } from '../http/appError.ts';
import { type Actor, creatorId } from './actor.ts';
import { createMountStore } from './mountStore.ts';
import { mountVisibleTo, requireMountManagement } from './permissions.ts';
import { iso } from './time.ts';

export interface MountRow {
  id: string;
  name: string;
  mount_path: string;
  storage_type: MountStorageType;
  storage_config_id: string;
  remark: string;
  sort_order: number;
  cache_ttl: number;
  is_active: boolean | number;
  web_proxy: boolean | number;
  root_prefix: string;
  created_by: string;
  created_at: number | string;
  updated_at: number | string;
}

/** A mount as the file system uses it (numbers and booleans normalised across databases). */
export interface MountRecord {
  id: string;
  name: string;
  mountPath: string;
  storageType: MountStorageType;
  storageConfigId: string;
  sortOrder: number;
  cacheTtl: number;
  isActive: boolean;
  webProxy: boolean;
  rootPrefix: string;
  /** Changes whenever the mount is edited: cached listings of an older version are not served. */
  version: number;
}

export interface MountService {
  list(actor: Actor, options?: { search?: string }): Promise<ListResult<Mount>>;
  get(actor: Actor, id: string): Promise<Mount>;
  create(actor: Actor, body: CreateMountBody): Promise<Mount>;
  update(actor: Actor, id: string, body: UpdateMountBody): Promise<Mount>;
  remove(actor: Actor, id: string): Promise<void>;
  /** Every active mount, longest path first (what resolution walks). */
  activeMounts(): Promise<MountRecord[]>;
}

export const toMount = (r: MountRow): Mount => ({
  id: r.id,
  name: r.name,
  mount_path: r.mount_path,
  storage_type: r.storage_type,
  storage_config_id: r.storage_config_id,
  remark: r.remark,
  sort_order: Number(r.sort_order),
  cache_ttl: Number(r.cache_ttl),
  is_active: Boolean(r.is_active),
  web_proxy: Boolean(r.web_proxy),
  root_prefix: r.root_prefix,
  created_by: r.created_by,
  created_at: iso(Number(r.created_at)),
  updated_at: iso(Number(r.updated_at)),
});

export const toMountRecord = (r: MountRow): MountRecord => ({
  id: r.id,
  name: r.name,
  mountPath: r.mount_path,
  storageType: r.storage_type,
  storageConfigId: r.storage_config_id,
  sortOrder: Number(r.sort_order),
  cacheTtl: Number(r.cache_ttl),
  isActive: Boolean(r.is_active),
  webProxy: Boolean(r.web_proxy),
  rootPrefix: r.root_prefix,
  version: Number(r.updated_at),
});

/** A PUT that only sets is_active enables or disables; anything else changes the mount. */
export function mountChangeKind(body: unknown): 'toggle' | 'update' {
  const keys = body && typeof body === 'object' ? Object.keys(body) : [];
  return keys.length > 0 && keys.every((k) => k === 'is_active') ? 'toggle' : 'update';
}

type StorageConfigLookup = (id: string) => Promise<{ id: string; provider_type: string } | null>;

export function createMountService(
  knex: Knex,
  hot: HotStatements,
  storageConfig: StorageConfigLookup,
): MountService {
  const mounts = createMountStore(knex, hot);

  async function row(id: string): Promise<MountRow> {
    const found = await mounts.byId(id);
    if (!found) throw notFound(`mount ${id} not found`);
    return found;
  }

  async function checkStorage(type: MountStorageType, configId: string): Promise<void> {
    const config = await storageConfig(configId);
    if (!config) throw badRequest(`storage config ${configId} does not exist`);
    const actual: MountStorageType = config.provider_type === 'local' ? 'local' : 's3';
    if (actual !== type)
      throw badRequest(`storage_type is "${type}" but storage config ${configId} is a ${actual} config`);
  }

  async function ensureUniquePath(path: string, exceptId: string | null): Promise<void> {
    if (await mounts.pathTaken(path, exceptId)) throw conflict(`a mount already uses the path "${path}"`);
  }

  const uniqueOr409 = async <T>(path: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`a mount already uses the path "${path}"`);
      throw err;
    }
  };

  return {
    async list(actor, options = {}) {
      const rows = (await mounts.list(options.search)).filter((r) => mountVisibleTo(actor, r.mount_path));
      return { items: rows.map(toMount), total: rows.length };
    },

    async get(actor, id) {
      const found = await row(id);
      // A key does not learn about mounts outside its scope.
      if (!mountVisibleTo(actor, found.mount_path)) throw notFound(`mount ${id} not found`);
      return toMount(found);
    },

    async create(actor, body) {
      requireMountManagement(actor, 'create');
      const mountPath = checkMountPath(body.mount_path);
      const values = {
        name: checkMountName(body.name),
        mount_path: mountPath,
        storage_type: body.storage_type,
        storage_config_id: body.storage_config_id,
        remark: body.remark ?? '',
        sort_order: checkNonNegativeInteger(body.sort_order, 'sort_order', 0),
        cache_ttl: checkNonNegativeInteger(body.cache_ttl, 'cache_ttl', DEFAULT_MOUNT_CACHE_TTL_S),
        is_active: body.is_active ?? true,
        web_proxy: body.web_proxy ?? true,
        root_prefix: checkRootPrefix(body.root_prefix),
      };
      await checkStorage(values.storage_type, values.storage_config_id);
      await ensureUniquePath(mountPath, null);
      const id = randomUUID();
      const now = Date.now();
      await uniqueOr409(mountPath, () =>
        mounts.insert({
          ...values,
          id,
          created_by: actor.kind === 'admin' ? 'admin' : creatorId(actor),
          created_at: now,
          updated_at: now,
        }),
      );
      return toMount(await row(id));
    },

    async update(actor, id, body) {
      requireMountManagement(actor, mountChangeKind(body));
      const current = await row(id);
      const patch: Partial<MountRow> = {};
      if (body.name !== undefined && body.name !== null) patch.name = checkMountName(body.name);
      if (body.mount_path !== undefined && body.mount_path !== null) {
        patch.mount_path = checkMountPath(body.mount_path);
        await ensureUniquePath(patch.mount_path, id);
      }
      if (body.storage_type) patch.storage_type = body.storage_type;
      if (body.storage_config_id) patch.storage_config_id = body.storage_config_id;
      if (patch.storage_type || patch.storage_config_id)
        await checkStorage(
          patch.storage_type ?? current.storage_type,
          patch.storage_config_id ?? current.storage_config_id,
        );
      if (body.remark !== undefined) patch.remark = body.remark ?? '';
      if (body.sort_order !== undefined)
        patch.sort_order = checkNonNegativeInteger(body.sort_order, 'sort_order', Number(current.sort_order));
      if (body.cache_ttl !== undefined)
        patch.cache_ttl = checkNonNegativeInteger(body.cache_ttl, 'cache_ttl', Number(current.cache_ttl));
      if (body.is_active !== undefined && body.is_active !== null) patch.is_active = body.is_active;
      if (body.web_proxy !== undefined && body.web_proxy !== null) patch.web_proxy = body.web_proxy;
      if (body.root_prefix !== undefined) patch.root_prefix = checkRootPrefix(body.root_prefix);
      patch.updated_at = Math.max(Date.now(), Number(current.updated_at) + 1);
      await uniqueOr409(patch.mount_path ?? current.mount_path, () => mounts.update(id, patch));
      return toMount(await row(id));
    },

    async remove(actor, id) {
      requireMountManagement(actor, 'delete');
      await row(id);
      // Only the record: the objects stay in storage.
      await mounts.remove(id);
    },

    async activeMounts() {
      return (await mounts.active())
        .map(toMountRecord)
        .sort((a, b) => b.mountPath.length - a.mountPath.length);
    },
  };
}
