/**
 * Presigned multipart uploads for large files: init creates the pending record and an upload session
 * (uploads/sessions/, tied to the record by `share_id`) holding the store's multipart upload, and a
 * presigned URL per part; the client PUTs the parts and completes, and the session's part store joins
 * them. Part size grows with the file so no upload needs more than 10,000 parts.
 */
import type {
  AbortResult,
  FileShareCreated,
  MultipartAbortBody,
  MultipartCompleteBody,
  MultipartInitBody,
  MultipartInitResult,
  MultipartPartsBody,
  MultipartPartsResult,
  PartUrl,
} from '@clip/sdk/contract';
import { badRequest, conflict, gone } from '../../http/appError.ts';
import { storageError } from '../../http/storageError.ts';
import type { Actor } from '../../services/actor.ts';
import { iso } from '../../services/time.ts';
import { canMultipart, type MultipartCapability, type StorageDriver } from '../../storage/driver.ts';
import { partStoreFor } from '../../uploads/sessions/partStores.ts';
import { signParts } from '../../uploads/sessions/presignedUrls.ts';
import { newSession, partPlan } from '../../uploads/sessions/sessionRules.ts';
import type { UploadSessionRow } from '../../uploads/sessions/sessionStore.ts';
import { discardPending, type FileDeps, UPLOAD_DEADLINE_MS } from './fileDeps.ts';
import { createPending, findUpload, makeReady, requireOpen } from './pendingUploads.ts';
import { unsupported, urlLifetime } from './presignService.ts';
import { toCreated } from './shareRules.ts';
import { configForUpload, type ShareStorageConfig } from './storageAccess.ts';

type MultipartDriver = StorageDriver & MultipartCapability;

/** Store errors that mean the client sent wrong parts, not that the store failed. */
const CLIENT_PART_ERRORS = new Set(['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'MalformedXML']);

export interface MultipartService {
  init(actor: Actor, body: MultipartInitBody, sourceUrl?: string | null): Promise<MultipartInitResult>;
  parts(actor: Actor, body: MultipartPartsBody): Promise<MultipartPartsResult>;
  complete(actor: Actor, body: MultipartCompleteBody): Promise<FileShareCreated>;
  abort(actor: Actor, body: MultipartAbortBody): Promise<AbortResult>;
}

export function createMultipartService(deps: FileDeps): MultipartService {
  async function multipartDriver(config: ShareStorageConfig): Promise<MultipartDriver> {
    const driver = await deps.storage.driver(config.id);
    if (!canMultipart(driver)) throw unsupported(config, 'presigned multipart upload');
    return driver;
  }

  async function signed(
    driver: MultipartDriver,
    config: ShareStorageConfig,
    session: UploadSessionRow,
    numbers: number[],
  ): Promise<{ part_urls: PartUrl[]; urls_expire_at: string }> {
    const ttl = urlLifetime(config);
    const part_urls = await signParts(driver, session, numbers, ttl);
    return { part_urls, urls_expire_at: iso(deps.clock.now() + ttl * 1000) };
  }

  /** The actor's open multipart upload with this id, with its session, config and driver. */
  async function openUpload(actor: Actor, fileId: string, uploadId: string) {
    const row = await findUpload(deps, actor, fileId);
    const session = await deps.sessions.byShare(row.id);
    // Past its deadline the sessions' sweep may have taken the session before the file sweep took the
    // record: that upload expired (410), its id did not become a stranger's.
    if (!session && row.status === 'pending') requireOpen(row, deps.clock.now());
    if (session?.storage_upload_id !== uploadId)
      throw badRequest(`upload_id does not belong to upload "${fileId}"`);
    requireOpen(row, deps.clock.now());
    const config = await deps.storage.config(row.s3_config_id);
    if (!config) throw gone(`the storage config of upload "${fileId}" no longer exists`);
    return { row, session, config, driver: await multipartDriver(config) };
  }

  return {
    async init(actor, body, sourceUrl = null) {
      if (body.size < 1) throw badRequest('body.size must be at least 1 for a multipart upload');
      const config = await configForUpload(deps.storage, actor, body.s3_config_id);
      const driver = await multipartDriver(config);
      const { partSize, partCount } = partPlan(body.size);
      const deadline = deps.clock.now() + UPLOAD_DEADLINE_MS;
      const row = await createPending(deps, actor, config, { ...body, source_url: sourceUrl }, deadline);
      let storageUploadId: string | null;
      try {
        storageUploadId = await partStoreFor(driver).begin(row.storage_path, row.mimetype);
      } catch (err) {
        await deps.repo.delete(row.id);
        throw storageError(err, 'starting the multipart upload');
      }
      const place = {
        path: row.storage_path,
        objectKey: row.storage_path,
        storageConfigId: config.id,
        existingBytes: 0,
        mountId: null,
        shareId: row.id,
      };
      const session = newSession(actor, place, deps.clock.now(), {
        kind: 'multipart',
        file_size: body.size,
        part_size: partSize,
        part_count: partCount,
        content_type: row.mimetype,
        fingerprint: null,
        storage_upload_id: storageUploadId,
        expires_at: deadline,
      });
      await deps.sessions.insert(session);
      const numbers = Array.from({ length: partCount }, (_, i) => i + 1);
      return {
        file_id: row.id,
        upload_id: storageUploadId!,
        storage_path: row.storage_path,
        slug: row.slug,
        provider_type: config.provider_type,
        contentType: row.mimetype,
        part_size: partSize,
        part_count: partCount,
        ...(await signed(driver, config, session, numbers)),
        expires_at: iso(row.upload_expires_at!),
      };
    },

    async parts(actor, body) {
      const { row, session, config, driver } = await openUpload(actor, body.file_id, body.upload_id);
      const beyond = body.part_numbers.find((n) => n > session.part_count);
      if (beyond)
        throw badRequest(`part ${beyond} is beyond the ${session.part_count} parts of upload "${row.id}"`);
      // A client still working on the upload keeps it (the record and its session) alive.
      const deadline = deps.clock.now() + UPLOAD_DEADLINE_MS;
      await deps.repo.update(row.id, { upload_expires_at: deadline }, 'pending');
      await deps.sessions.update(session.id, { expires_at: deadline, updated_at: deps.clock.now() });
      const numbers = [...new Set(body.part_numbers)].sort((a, b) => a - b);
      return signed(driver, config, session, numbers);
    },

    async complete(actor, body) {
      const found = await findUpload(deps, actor, body.file_id);
      if (found.status === 'ready') return toCreated(found, deps.origin());
      const { row, session, driver } = await openUpload(actor, body.file_id, body.upload_id);
      const parts = [...body.parts].sort((a, b) => a.partNumber - b.partNumber);
      if (new Set(parts.map((p) => p.partNumber)).size !== parts.length)
        throw badRequest('body.parts lists a part number twice');
      const listed = parts.map((p) => ({
        session_id: session.id,
        part_number: p.partNumber,
        size: 0,
        etag: p.etag,
        checksum: null,
        created_at: 0,
      }));
      let stored: { size: number; etag: string | null };
      try {
        const done = await partStoreFor(driver).finish(session, listed);
        const stat = await driver.stat(row.storage_path);
        stored = { size: stat?.size ?? done.size, etag: stat?.etag ?? done.etag };
      } catch (err) {
        const name = (err as Error)?.name;
        if (CLIENT_PART_ERRORS.has(name))
          throw badRequest(`the store refused the parts: ${(err as Error).message}`);
        if (name !== 'NoSuchUpload') throw storageError(err, 'completing the multipart upload');
        // A concurrent complete of the same upload may have finished it: then its object is there.
        const finished = await driver.stat(row.storage_path).catch(() => null);
        if (!finished || finished.isDirectory) {
          const now = await deps.repo.byId(row.id);
          if (now?.status === 'ready') return toCreated(now, deps.origin());
          await discardPending(deps, row);
          throw gone(`the store no longer knows upload "${row.id}"`);
        }
        stored = { size: finished.size, etag: finished.etag };
      }
      if (stored.size !== row.size) {
        // The multipart upload is spent: nothing can fix this object, so it goes with its record.
        await discardPending(deps, row, { abortUpload: false });
        throw conflict(`the uploaded parts hold ${stored.size} bytes, but ${row.size} were declared`);
      }
      const ready = await makeReady(deps, row, body, stored);
      // The share's record now holds what the session promised.
      await deps.sessions.delete(session.id);
      return toCreated(ready, deps.origin());
    },

    async abort(actor, body) {
      const row = await findUpload(deps, actor, body.file_id);
      const session = await deps.sessions.byShare(row.id);
      if (session?.storage_upload_id !== body.upload_id)
        throw badRequest(`upload_id does not belong to upload "${row.id}"`);
      if (row.status !== 'pending') throw badRequest(`upload "${row.id}" is already committed`);
      return { aborted: await discardPending(deps, row) };
    },
  };
}
