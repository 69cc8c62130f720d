/**
 * The UploadHost of resumable uploads over the one file-system service: resolution and permission come from
 * `FsService.resolve` (so the rules of services/permissions.ts apply unchanged), listings are invalidated
 * through `FsService.afterWrite`, and sizes are checked against max_upload_size and the config's capacity.
 */
import { AppError, conflict, tooLarge } from '../../http/appError.ts';
import type { SettingsService } from '../../services/settingsService.ts';
import type { StorageConfigService } from '../../services/storageConfigService.ts';
import type { StorageDriver } from '../../storage/driver.ts';
import { checkName, joinVirtual, normalizeVirtualPath } from '../paths.ts';
import type { FsService, ResolvedMountPath } from '../types.ts';
import type { SessionRepo } from './sessionRepo.ts';
import type { UploadHost, UploadTarget } from './uploadHost.ts';

export interface FsUploadHostDeps {
  fs: FsService;
  /** The fs service that rereads mounts and drivers at most once a second (app.ts's `taskFs`). */
  recentFs: FsService;
  settings: Pick<SettingsService, 'maxUploadBytes'>;
  storageConfigs: Pick<StorageConfigService, 'resolve' | 'driverFor'>;
  repo: SessionRepo;
  /** Bytes of file shares stored in a config (they count against its capacity too). */
  shareBytes(configId: string): Promise<number>;
}

const resolvedOf = new WeakMap<UploadTarget, ResolvedMountPath>();

function toTarget(resolved: ResolvedMountPath): UploadTarget {
  const target: UploadTarget = {
    path: resolved.path,
    mountId: resolved.mount.id,
    storageConfigId: resolved.mount.storageConfigId,
    objectKey: resolved.storagePath,
    driver: resolved.driver,
  };
  resolvedOf.set(target, resolved);
  return target;
}

export function createFsUploadHost(deps: FsUploadHostDeps): UploadHost {
  const { fs } = deps;
  return {
    async target(actor, rawFolder, filename, options) {
      const folder = normalizeVirtualPath(rawFolder);
      const name = checkName(filename, 'filename');
      const resolved = await fs.resolve(actor, joinVirtual(folder, name), 'write');
      if (resolved.subPath === '')
        throw conflict(`"${resolved.path}" is a mount; upload into it, not onto it`);
      const parent = await fs.stat(actor, folder);
      if (!parent) {
        if (!options.createParents)
          throw conflict(`folder "${folder}" does not exist (pass create_parents to create it)`);
        await fs.mkdir(actor, folder, { createParents: true });
      } else if (parent.type !== 'folder') throw conflict(`"${folder}" is a file, not a folder`);
      const existing = await fs.stat(actor, resolved.path);
      if (existing?.type === 'folder') throw conflict(`"${resolved.path}" is a folder`);
      return toTarget(resolved);
    },

    async retarget(actor, path, options) {
      return toTarget(await (options?.recent ? deps.recentFs : fs).resolve(actor, path, 'write'));
    },

    async checkSize(target, size, sessionId) {
      const limit = await deps.settings.maxUploadBytes();
      if (size > limit) throw tooLarge(`the file has ${size} bytes; the upload limit is ${limit} bytes`);
      const config = await deps.storageConfigs.resolve(target.storageConfigId);
      const total = config?.total_storage_bytes;
      if (!total) return;
      // Open sessions have promised their bytes; this upload's own session is not counted twice.
      const used =
        (await deps.shareBytes(target.storageConfigId)) +
        (await deps.repo.pendingBytes(target.storageConfigId, sessionId));
      const remaining = Math.max(0, total - used);
      if (size > remaining)
        throw new AppError(
          413,
          'PAYLOAD_TOO_LARGE',
          `insufficient storage: the file has ${size} bytes, ${remaining} of ${total} bytes remain`,
          { data: { file_size: size, remaining, total } },
        );
    },

    async driver(configId): Promise<StorageDriver | null> {
      if (!(await deps.storageConfigs.resolve(configId))) return null;
      return deps.storageConfigs.driverFor(configId);
    },

    async written(actor, target) {
      const resolved = resolvedOf.get(target) ?? (await fs.resolve(actor, target.path, 'write'));
      await fs.afterWrite(resolved);
      const entry = await target.driver.stat(target.objectKey);
      if (!entry) throw conflict(`"${target.path}" vanished right after it was written`);
      return fs.toItem(target.path, entry);
    },
  };
}
