/**
 * Resumable multipart uploads into mounts (mounts.md "Resumable multipart uploads"). Parts come through
 * the server, each checked for its exact size and recorded in the database as it lands, so a session
 * outlives the request, the tab and the process: `status` tells what arrived, a re-init of the same file
 * resumes, and `complete` joins exactly the parts the database holds.
 */
import type { Readable } from 'node:stream';
import {
  FS_UPLOAD_IDLE_MS,
  type FsAbortResult,
  type FsMultipartAbortBody,
  type FsMultipartCompleteBody,
  type FsMultipartInitBody,
  type FsMultipartInitResult,
  type FsMultipartPartQuery,
  type FsMultipartPartResult,
  type FsMultipartStatus,
  type FsUploadDone,
  MULTIPART_PART_TIMEOUT_MS,
} from '@clip/sdk/contract';
import { badRequest, conflict, gone, notFound } from '../../http/appError.ts';
import { storageError } from '../../http/storageError.ts';
import { type Actor, creatorId } from '../../services/actor.ts';
import { ownsRecord } from '../../services/permissions.ts';
import { iso } from '../../services/time.ts';
import { REQUESTS_PREFIX } from '../../storage/serverObjects.ts';
import { partStoreFor, receivePart } from './partStores.ts';
import {
  checkKey,
  contentTypeFor,
  expectedPartSize,
  multipartEtag,
  newSession,
  partPlan,
  requireOpen,
  statusOf,
  stripQuotes,
  uploadedParts,
} from './sessionRules.ts';
import type { SessionStore, UploadSessionRow } from './sessionStore.ts';
import type { UploadHost, UploadTarget } from './uploadHost.ts';

export interface MultipartDeps {
  repo: SessionStore;
  host: UploadHost;
  now?: () => number;
  partTimeoutMs?: number;
  logger: { warn(obj: object, msg: string): void };
}

export interface PartRequest extends FsMultipartPartQuery {
  body: Readable;
  /** The request's Content-Length (null when it sent none). */
  contentLength: number | null;
}

export interface UploadSweepResult {
  aborted: number;
  removed: number;
}

export function createMultipartService(deps: MultipartDeps) {
  const { repo, host } = deps;
  const now = deps.now ?? (() => Date.now());
  const partTimeoutMs = deps.partTimeoutMs ?? MULTIPART_PART_TIMEOUT_MS;

  /** The actor's session (404 for anyone else's: whether it exists is not theirs to learn). */
  async function own(actor: Actor, uploadId: string): Promise<UploadSessionRow> {
    const session = await repo.byId(uploadId);
    // A file share's session is the share routes' own.
    if (session?.kind !== 'multipart' || session.share_id !== null || !ownsRecord(actor, session.actor))
      throw notFound(`upload "${uploadId}" not found`);
    return session;
  }

  /**
   * The session's target resolved again for this actor; the mount must still lead to the same object.
   * A part may see mounts up to a second old (205 parts per GiB; complete, the commit, resolves anew).
   */
  async function retarget(actor: Actor, session: UploadSessionRow, recent = false): Promise<UploadTarget> {
    const target = await host.retarget(actor, session.target_path, { recent });
    if (target.storageConfigId !== session.storage_config_id || target.objectKey !== session.object_key)
      throw conflict(`the mount of "${session.target_path}" changed since upload "${session.id}" began`);
    return target;
  }

  async function abortStorage(session: UploadSessionRow): Promise<boolean> {
    const driver = await host.driver(session.storage_config_id);
    if (!driver) return false;
    try {
      return await partStoreFor(driver).abort(session);
    } catch (err) {
      deps.logger.warn({ err: String(err), uploadId: session.id }, 'aborting an upload failed');
      return false;
    }
  }

  async function removeStaged(session: UploadSessionRow): Promise<void> {
    const driver = await host.driver(session.storage_config_id);
    await driver?.remove(session.object_key).catch((err) => {
      deps.logger.warn({ err: String(err), uploadId: session.id }, 'removing a staged upload failed');
    });
  }

  return {
    async init(actor: Actor, body: FsMultipartInitBody): Promise<FsMultipartInitResult> {
      const target = await host.target(actor, body.path, body.filename, {
        createParents: body.create_parents,
      });
      const t = now();
      const found = body.fingerprint
        ? await repo.resumable(creatorId(actor), target.path, body.fileSize, body.fingerprint, t)
        : null;
      const resumable =
        found && found.storage_config_id === target.storageConfigId && found.object_key === target.objectKey;
      await host.checkSize(target, body.fileSize, found && resumable ? found.id : undefined);
      if (found && resumable) {
        const expires = t + FS_UPLOAD_IDLE_MS;
        await repo.update(found.id, { expires_at: expires, updated_at: t });
        return {
          uploadId: found.id,
          key: found.target_path,
          partSize: found.part_size,
          partCount: found.part_count,
          parts: uploadedParts(await repo.parts(found.id)),
          resumed: true,
          expiresAt: iso(expires),
        };
      }
      const { partSize, partCount } = partPlan(body.fileSize, body.partSize);
      const contentType = contentTypeFor(body.filename, body.contentType);
      let storageUploadId: string | null;
      try {
        storageUploadId = await partStoreFor(target.driver).begin(target.objectKey, contentType);
      } catch (err) {
        throw storageError(err, 'starting the multipart upload');
      }
      const session = newSession(actor, target, t, {
        kind: 'multipart',
        file_size: body.fileSize,
        part_size: partSize,
        part_count: partCount,
        content_type: contentType,
        fingerprint: body.fingerprint ?? null,
        storage_upload_id: storageUploadId,
        expires_at: t + FS_UPLOAD_IDLE_MS,
      });
      await repo.insert(session);
      return {
        uploadId: session.id,
        key: session.target_path,
        partSize,
        partCount,
        parts: [],
        resumed: false,
        expiresAt: iso(session.expires_at),
      };
    },

    async part(actor: Actor, request: PartRequest): Promise<FsMultipartPartResult> {
      const session = await own(actor, request.uploadId);
      checkKey(session, request.key, request.path);
      requireOpen(session, now());
      const n = request.partNumber;
      if (n > session.part_count)
        throw badRequest(
          `partNumber ${n} is beyond the ${session.part_count} parts of upload "${session.id}"`,
        );
      const isLast = n === session.part_count;
      if (request.isLastPart !== undefined && request.isLastPart !== isLast)
        throw badRequest(
          isLast
            ? `part ${n} is the last part of upload "${session.id}"; isLastPart must be true`
            : `part ${n} is not the last part (${session.part_count}); isLastPart must be false`,
        );
      const expected = expectedPartSize(session, n);
      if (request.contentLength === null)
        throw badRequest('a part needs a Content-Length header (its exact size)');
      if (request.contentLength !== expected)
        throw badRequest(
          `part ${n} has ${request.contentLength} bytes; it must have exactly ${expected}${isLast ? ' (the last part holds the rest)' : ` (the part size)`}`,
        );
      const target = await retarget(actor, session, true);
      const stored = await receivePart(
        repo,
        partStoreFor(target.driver),
        session,
        { n, body: request.body, size: expected },
        { timeoutMs: partTimeoutMs, now },
      );
      return { partNumber: n, etag: stored.etag };
    },

    async status(actor: Actor, uploadId: string): Promise<FsMultipartStatus> {
      const session = await own(actor, uploadId);
      return statusOf(session, await repo.parts(session.id));
    },

    async complete(actor: Actor, body: FsMultipartCompleteBody): Promise<FsUploadDone> {
      let session = await own(actor, body.uploadId);
      checkKey(session, body.key, body.path);
      if (session.status === 'completed' && session.result) return JSON.parse(session.result) as FsUploadDone;
      requireOpen(session, now(), true);
      if (body.fileSize !== undefined && body.fileSize !== session.file_size)
        throw conflict(
          `fileSize ${body.fileSize} differs from the ${session.file_size} bytes upload "${session.id}" began with`,
        );
      const parts = await repo.parts(session.id);
      const have = new Set(parts.map((p) => p.part_number));
      const missing: number[] = [];
      for (let n = 1; n <= session.part_count && missing.length < 20; n++) if (!have.has(n)) missing.push(n);
      if (missing.length > 0)
        throw conflict(
          `upload "${session.id}" is missing parts ${missing.join(', ')} of ${session.part_count}`,
          'CONFLICT',
        );
      if (body.parts && body.parts.length > 0) {
        const byNumber = new Map(parts.map((p) => [p.part_number, p.etag]));
        const listed = new Set<number>();
        for (const p of body.parts) {
          const etag = byNumber.get(p.partNumber);
          if (
            etag === undefined ||
            listed.has(p.partNumber) ||
            (p.etag !== undefined && p.etag !== null && stripQuotes(p.etag) !== etag)
          )
            throw conflict(`body.parts disagrees with the parts the server received (part ${p.partNumber})`);
          listed.add(p.partNumber);
        }
        if (listed.size !== parts.length)
          throw conflict(`body.parts lists ${listed.size} parts; the server received ${parts.length}`);
      }
      const target = await retarget(actor, session);
      await host.checkSize(target, session.file_size, session.id);
      const t = now();
      const stale = session.status === 'completing';
      let owned = await repo.transition(
        session.id,
        stale ? 'completing' : 'uploading',
        'completing',
        { updated_at: t },
        stale ? session.updated_at : undefined,
      );
      if (!owned) {
        session = (await repo.byId(session.id)) ?? session;
        if (session.status === 'completed' && session.result)
          return JSON.parse(session.result) as FsUploadDone;
        requireOpen(session, now());
        owned = await repo.transition(session.id, 'uploading', 'completing', { updated_at: t });
        if (!owned) throw conflict(`upload "${session.id}" changed while completing; ask its status`);
      }
      // The parts as they are now that no other complete can start (a part may have been sent again).
      const final = await repo.parts(session.id);
      if (final.length !== session.part_count) {
        await repo.transition(session.id, 'completing', 'uploading', { updated_at: now() });
        throw conflict(`upload "${session.id}" has ${final.length} of ${session.part_count} parts`);
      }
      let written: { size: number };
      try {
        written = await partStoreFor(target.driver).finish(session, final);
      } catch (err) {
        await repo.transition(session.id, 'completing', 'uploading', { updated_at: now() });
        // The store may have finished this upload before (a complete whose process died right after):
        // then the object is there with the declared size and the ETag these very parts make (S3), or at
        // least written since the session began (stores such as s3rver that compute the ETag otherwise).
        const landed = await target.driver.stat(session.object_key).catch(() => null);
        const ours =
          landed?.size === session.file_size &&
          (landed.etag === multipartEtag(final) ||
            (landed.modified !== null && landed.modified.getTime() >= session.created_at - 1000));
        if (!ours) {
          if ((err as Error)?.name === 'NoSuchUpload') {
            await repo.transition(session.id, 'uploading', 'aborted');
            throw gone(`the storage no longer knows upload "${session.id}"; start it again`);
          }
          throw storageError(err, 'completing the upload');
        }
        await repo.transition(session.id, 'uploading', 'completing', { updated_at: now() });
        written = { size: landed.size };
      }
      if (written.size !== session.file_size) {
        await repo.transition(session.id, 'completing', 'aborted');
        throw conflict(`the joined parts hold ${written.size} bytes, but ${session.file_size} were declared`);
      }
      const item = await host.written(actor, target, session.replaces_bytes);
      const done: FsUploadDone = { uploadId: session.id, key: session.target_path, item };
      // Kept a while, so a retried complete answers the same result.
      await repo.transition(session.id, 'completing', 'completed', {
        result: JSON.stringify(done),
        expires_at: now() + FS_UPLOAD_IDLE_MS,
        updated_at: now(),
      });
      return done;
    },

    async abort(actor: Actor, body: FsMultipartAbortBody): Promise<FsAbortResult> {
      const session = await own(actor, body.uploadId);
      checkKey(session, body.key, body.path);
      if (session.status === 'aborted') return { aborted: true };
      if (session.status !== 'uploading')
        throw conflict(`upload "${session.id}" is ${session.status}; it cannot be aborted`);
      if (!(await repo.transition(session.id, 'uploading', 'aborted', { updated_at: now() })))
        throw conflict(`upload "${session.id}" changed while aborting; ask its status`);
      const aborted = await abortStorage(session);
      await repo.deleteParts(session.id);
      return { aborted };
    },

    /** Aborts sessions idle past their deadline (and their storage upload); drops finished ones kept for retries. */
    async sweep(at = now(), batch = 200): Promise<UploadSweepResult> {
      const rows = await repo.expired(at, batch);
      let aborted = 0;
      let removed = 0;
      for (const session of rows) {
        if (
          session.kind === 'multipart' &&
          (session.status === 'uploading' || session.status === 'completing')
        ) {
          await abortStorage(session);
          // A request's completion that died after joining its parts left a whole staging object no one
          // else will ever name (ADR 0054): it goes with its session.
          if (session.status === 'completing' && session.object_key.startsWith(`${REQUESTS_PREFIX}/`))
            await removeStaged(session);
          aborted++;
        }
        await repo.delete(session.id);
        removed++;
      }
      if (aborted > 0 || removed > 0) deps.logger.warn({ aborted, removed }, 'swept idle upload sessions');
      return { aborted, removed };
    },
  };
}

export type MultipartService = ReturnType<typeof createMultipartService>;
