/**
 * Presigned single-PUT uploads: presign creates the pending record and a PUT URL, the client uploads
 * straight to the store, and commit proves the object is there with the declared size before the share
 * becomes ready. A presign never committed is swept with its object.
 */
import type { CommitBody, FileShareCreated, PresignBody, PresignResult } from '@clip/sdk';
import { AppError, badRequest, conflict } from '../../http/appError.ts';
import { storageError } from '../../http/storageError.ts';
import type { Actor } from '../../services/actor.ts';
import { iso } from '../../services/time.ts';
import { canPresign, hasObjectUrl, type StorageDriver } from '../../storage/driver.ts';
import { signPut } from '../../uploads/sessions/presignedUrls.ts';
import { discardPending, type FileDeps, PRESIGN_TTL_S } from './fileDeps.ts';
import {
  checkCapacity,
  checkPlacement,
  createPending,
  findUpload,
  makeReady,
  type PendingInput,
  requireOpen,
} from './pendingUploads.ts';
import { toCreated } from './shareRules.ts';
import { configForUpload, type ShareStorageConfig } from './storageAccess.ts';

export interface PresignService {
  presign(actor: Actor, body: PresignBody): Promise<PresignResult>;
  /** Presign for an upload whose bytes come from `sourceUrl` (URL upload); size may be unknown. */
  presignFromUrl(
    actor: Actor,
    configId: string | null | undefined,
    input: PendingInput,
  ): Promise<PresignResult>;
  commit(actor: Actor, body: CommitBody): Promise<FileShareCreated>;
  /** Drops a pending upload and its object (URL cancel). */
  cancel(actor: Actor, fileId: string): Promise<{ cancelled: boolean }>;
}

/** Presigned URLs live the shorter of our default and the config's own limit. */
export function urlLifetime(config: ShareStorageConfig, wanted = PRESIGN_TTL_S): number {
  return Math.max(60, Math.min(wanted, config.signature_expires_in ?? wanted));
}

export function unsupported(config: ShareStorageConfig, what: string): AppError {
  return badRequest(
    `storage config "${config.id}" (${config.provider_type}) does not support ${what}; upload through POST /upload`,
  );
}

export function createPresignService(deps: FileDeps): PresignService {
  async function presignInto(actor: Actor, configId: string | null | undefined, input: PendingInput) {
    const config = await configForUpload(deps.storage, actor, configId);
    const driver: StorageDriver = await deps.storage.driver(config.id);
    if (!canPresign(driver)) throw unsupported(config, 'presigned upload');
    const ttl = urlLifetime(config);
    const urlExpires = deps.clock.now() + ttl * 1000;
    // A PUT that starts just before its URL expires may run a while: allow an hour more before the sweep.
    const row = await createPending(deps, actor, config, input, urlExpires + 3600_000);
    let uploadUrl: string;
    try {
      uploadUrl = await signPut(driver, row.storage_path, {
        contentType: row.mimetype,
        size: row.size,
        ttlSeconds: ttl,
      });
    } catch (err) {
      await deps.repo.delete(row.id);
      throw err;
    }
    return {
      upload_url: uploadUrl,
      file_id: row.id,
      storage_path: row.storage_path,
      s3_url: hasObjectUrl(driver) ? driver.objectUrl(row.storage_path) : uploadUrl.split('?')[0],
      slug: row.slug,
      provider_type: config.provider_type,
      contentType: row.mimetype,
      expires_at: iso(urlExpires),
    };
  }

  return {
    presign(actor, body) {
      return presignInto(actor, body.s3_config_id, body);
    },

    presignFromUrl(actor, configId, input) {
      return presignInto(actor, configId, input);
    },

    async commit(actor, body) {
      const row = await findUpload(deps, actor, body.file_id);
      if (row.status === 'ready') return toCreated(row, deps.origin());
      if (await deps.sessions.byShare(row.id))
        throw badRequest(`upload "${row.id}" is multipart: finish it with multipart/complete`);
      requireOpen(row, deps.clock.now());
      checkPlacement(row, body);
      let stat: Awaited<ReturnType<StorageDriver['stat']>>;
      try {
        stat = await (await deps.storage.driver(row.s3_config_id)).stat(row.storage_path);
      } catch (err) {
        throw storageError(err, 'checking the upload');
      }
      if (!stat || stat.isDirectory) throw badRequest(`nothing has been uploaded for upload "${row.id}" yet`);
      if (row.size !== null && stat.size !== row.size)
        throw conflict(`the stored object has ${stat.size} bytes, but ${row.size} were declared`);
      const stored = { size: stat.size, etag: stat.etag };
      const limit = await deps.settings.maxUploadBytes();
      if (stat.size > limit) {
        // Refused for good (no later commit can shrink it): neither the object nor the record stays.
        await discardPending(deps, row);
        throw new AppError(
          413,
          'PAYLOAD_TOO_LARGE',
          `the stored object has ${stat.size} bytes; the limit is ${limit}`,
        );
      }
      const config = row.size === null ? await deps.storage.config(row.s3_config_id) : null;
      if (!config?.total_storage_bytes)
        return toCreated(await makeReady(deps, row, body, stored), deps.origin());
      // An upload of unknown size reserved nothing at presign: its real size is checked against the
      // capacity and recorded in one step under the config's capacity lock, so concurrent commits cannot
      // all fit into the same free space.
      try {
        const ready = await deps.repo.withCapacityLock(config.id, async (repo) => {
          await checkCapacity(repo, config, stat.size);
          return makeReady({ ...deps, repo }, row, body, stored);
        });
        return toCreated(ready, deps.origin());
      } catch (err) {
        if (err instanceof AppError && err.status === 413) await discardPending(deps, row);
        throw err;
      }
    },

    async cancel(actor, fileId) {
      const row = await findUpload(deps, actor, fileId);
      if (row.status !== 'pending')
        throw badRequest(`upload "${fileId}" is already committed; delete the share instead`);
      await discardPending(deps, row);
      return { cancelled: true };
    },
  };
}
