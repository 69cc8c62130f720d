/**
 * The UploadHost of resumable uploads over the one file-system service: resolution and permission come from
 * `FsService.resolve` (so the rules of services/permissions.ts apply unchanged), listings are invalidated
 * through `FsService.afterWrite`, and sizes are checked against max_upload_size and the config's capacity by
 * the write admission. An open session is itself the promise of its bytes (the admission counts open
 * sessions' declared sizes), so parts go to the driver behind the admission, and a landed file is counted
 * as stored once.
 */

import { checkName, joinVirtual, normalizeVirtualPath } from '../../fs/paths.ts';
import type { FsService, ResolvedMountPath } from '../../fs/types.ts';
import { conflict } from '../../http/appError.ts';
import { unadmitted } from '../../services/admission/admittedDriver.ts';
import type { WriteAdmission } from '../../services/admission/writeAdmission.ts';
import type { StorageConfigService } from '../../services/storageConfigService.ts';
import type { StorageDriver } from '../../storage/driver.ts';
import type { SessionStore } from './sessionStore.ts';
import type { UploadHost, UploadTarget } from './uploadHost.ts';

export interface FsUploadHostDeps {
  fs: FsService;
  /** The fs service that rereads mounts and drivers at most once a second (app.ts's `taskFs`). */
  recentFs: FsService;
  storageConfigs: Pick<StorageConfigService, 'resolve' | 'driverFor'>;
  repo: SessionStore;
  admission: WriteAdmission;
}

const resolvedOf = new WeakMap<UploadTarget, ResolvedMountPath>();

function toTarget(resolved: ResolvedMountPath, existingBytes = 0): UploadTarget {
  const target: UploadTarget = {
    path: resolved.path,
    mountId: resolved.mount.id,
    storageConfigId: resolved.mount.storageConfigId,
    objectKey: resolved.storagePath,
    driver: unadmitted(resolved.driver),
    existingBytes,
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
      return toTarget(resolved, existing?.size ?? 0);
    },

    async retarget(actor, path, options) {
      return toTarget(await (options?.recent ? deps.recentFs : fs).resolve(actor, path, 'write'));
    },

    async checkSize(target, size, sessionId) {
      // Open sessions have promised their bytes; this upload's own session is not counted twice.
      await deps.admission.check(target.storageConfigId, size, { exceptSession: sessionId });
    },

    async driver(configId): Promise<StorageDriver | null> {
      if (!(await deps.storageConfigs.resolve(configId))) return null;
      return deps.storageConfigs.driverFor(configId);
    },

    async written(actor, target, replaced) {
      const resolved = resolvedOf.get(target) ?? (await fs.resolve(actor, target.path, 'write'));
      await fs.afterWrite(resolved);
      const entry = await target.driver.stat(target.objectKey);
      if (!entry) throw conflict(`"${target.path}" vanished right after it was written`);
      await deps.admission.stored(target.storageConfigId, entry.size - replaced);
      return fs.toItem(target.path, entry);
    },
  };
}
