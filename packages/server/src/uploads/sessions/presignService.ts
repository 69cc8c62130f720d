/**
 * Presigned single-PUT uploads into mounts: the server signs a PUT for the exact Content-Length the
 * client declared (a body of another length fails the signature), and commit HEADs the object and refuses
 * a size that differs (removing what landed) before the upload counts as done.
 */
import type { FsPresignBody, FsPresignCommitBody, FsPresignResult, FsUploadDone } from '@clip/sdk';
import { badRequest, conflict, forbidden, gone, notFound } from '../../http/appError.ts';
import { storageError } from '../../http/storageError.ts';
import type { Actor } from '../../services/actor.ts';
import { ownsRecord } from '../../services/permissions.ts';
import { iso } from '../../services/time.ts';
import { canPresign } from '../../storage/driver.ts';
import { signPut } from './presignedUrls.ts';
import { contentTypeFor, newSession } from './sessionRules.ts';
import type { SessionStore, UploadSessionRow } from './sessionStore.ts';
import type { UploadHost } from './uploadHost.ts';

/** How long a presigned PUT URL lives; the session stays one hour more for a PUT that started late. */
export const FS_PRESIGN_TTL_S = 3600;

export interface PresignDeps {
  repo: SessionStore;
  host: UploadHost;
  now?: () => number;
}

export function createFsPresignService(deps: PresignDeps) {
  const { repo, host } = deps;
  const now = deps.now ?? (() => Date.now());

  async function own(actor: Actor, uploadId: string): Promise<UploadSessionRow> {
    const session = await repo.byId(uploadId);
    if (session?.kind !== 'presign' || session.share_id !== null || !ownsRecord(actor, session.actor))
      throw notFound(`upload "${uploadId}" not found`);
    return session;
  }

  return {
    async presign(actor: Actor, body: FsPresignBody): Promise<FsPresignResult> {
      const target = await host.target(actor, body.path, body.fileName, {
        createParents: body.create_parents,
      });
      if (!canPresign(target.driver))
        throw badRequest(
          `the storage of "${target.path}" does not support presigned upload; use multipart/init or upload`,
        );
      await host.checkSize(target, body.fileSize);
      const contentType = contentTypeFor(body.fileName, body.contentType);
      const uploadUrl = await signPut(target.driver, target.objectKey, {
        contentType,
        size: body.fileSize,
        ttlSeconds: FS_PRESIGN_TTL_S,
      });
      const t = now();
      const session = newSession(actor, target, t, {
        kind: 'presign',
        file_size: body.fileSize,
        part_size: body.fileSize,
        part_count: 1,
        content_type: contentType,
        fingerprint: null,
        storage_upload_id: null,
        expires_at: t + 2 * FS_PRESIGN_TTL_S * 1000,
      });
      await repo.insert(session);
      return {
        uploadUrl,
        headers: { 'content-type': contentType, 'content-length': String(body.fileSize) },
        uploadId: session.id,
        key: session.target_path,
        expiresAt: iso(t + FS_PRESIGN_TTL_S * 1000),
      };
    },

    async commit(actor: Actor, body: FsPresignCommitBody): Promise<FsUploadDone> {
      const session = await own(actor, body.uploadId);
      if (body.key !== undefined && body.key.normalize('NFC') !== session.target_path)
        throw forbidden(`key "${body.key}" does not belong to upload "${session.id}"`);
      if (session.status === 'completed' && session.result) return JSON.parse(session.result) as FsUploadDone;
      if (session.status === 'aborted') throw gone(`upload "${session.id}" was refused or abandoned`);
      const target = await host.retarget(actor, session.target_path);
      if (target.storageConfigId !== session.storage_config_id || target.objectKey !== session.object_key)
        throw conflict(`the mount of "${session.target_path}" changed since upload "${session.id}" began`);
      let stat: Awaited<ReturnType<typeof target.driver.stat>>;
      try {
        stat = await target.driver.stat(session.object_key);
      } catch (err) {
        throw storageError(err, 'checking the upload');
      }
      if (!stat || stat.isDirectory)
        throw conflict(
          `nothing has been uploaded for upload "${session.id}" yet; PUT the file to uploadUrl first`,
        );
      if (stat.size !== session.file_size) {
        // What landed is not what was declared: it goes, so no half-written file stays in the folder.
        await target.driver.remove(session.object_key).catch(() => undefined);
        await repo.transition(session.id, 'uploading', 'aborted', { updated_at: now() });
        await host.written(actor, target, session.replaces_bytes).catch(() => undefined);
        throw conflict(`the stored object has ${stat.size} bytes, but ${session.file_size} were declared`);
      }
      await host.checkSize(target, session.file_size, session.id);
      const item = await host.written(actor, target, session.replaces_bytes);
      const done: FsUploadDone = { uploadId: session.id, key: session.target_path, item };
      await repo.update(session.id, {
        status: 'completed',
        result: JSON.stringify(done),
        updated_at: now(),
      });
      return done;
    },
  };
}

export type FsPresignService = ReturnType<typeof createFsPresignService>;
