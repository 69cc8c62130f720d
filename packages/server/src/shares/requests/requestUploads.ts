/**
 * The public side of an upload request (`/api/public/r/{slug}`): what an uploader sees, the password
 * check, and resumable uploads in parts of at most 5 MiB. Every upload acts as the request's owner as it
 * stands now (a key deleted, expired or without write access to the folder closes the link: 404).
 *
 * Bytes go to a hidden staging object (`.clip/requests/<upload id>`, ADR 0054): the storage's own
 * multipart upload (S3) or parts written in place (local), so nothing of an unfinished upload shows in
 * the folder. Completing joins the parts there, claims the first free name (` (1)`, ` (2)` before the
 * extension; never an existing file) and moves the object under it; the listing caches of every process
 * are invalidated as for any fs write.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  FS_UPLOAD_IDLE_MS,
  MULTIPART_PART_TIMEOUT_MS,
  type RequestUploadStartBody,
  type RequestUploadStarted,
  type RequestUploadStatus,
  UPLOAD_REQUEST_MAX_PARTS,
  UPLOAD_REQUEST_PART_BYTES,
  type UploadRequestInfo,
} from '@clip/sdk/contract';
import type { Clock } from '../../clock.ts';
import { randomToken } from '../../crypto/tokens.ts';
import type { LinkIssuers } from '../../fs/linkIssuer.ts';
import { joinVirtual } from '../../fs/paths.ts';
import type { FsService } from '../../fs/types.ts';
import { badRequest, gone, tooLarge, unauthorized } from '../../http/appError.ts';
import { storageError } from '../../http/storageError.ts';
import type { WriteAdmission } from '../../services/admission/writeAdmission.ts';
import type { PasswordChecks } from '../../services/passwordChecks.ts';
import { REQUESTS_PREFIX } from '../../storage/serverObjects.ts';
import { partStoreFor, receivePart } from '../../uploads/sessions/partStores.ts';
import { contentTypeFor, expectedPartSize, requireOpen } from '../../uploads/sessions/sessionRules.ts';
import type { SessionStore, UploadSessionRow } from '../../uploads/sessions/sessionStore.ts';
import type { UploadHost } from '../../uploads/sessions/uploadHost.ts';
import type { ShareAccessTokens } from '../core/shareAccessTokens.ts';
import { createRequestCompletion } from './requestCompletion.ts';
import { createRequestGates, hashUploadToken } from './requestGates.ts';
import { checkFile, cleanFileName, limitsOf, overLimits, remainingOf } from './requestRules.ts';
import type { UploadRequestStore } from './uploadRequestStore.ts';

/** What one public access did, for the access log (issue 30): filled in as the request goes. */
export interface RequestAccess {
  /** The request reached, once its slug resolved: its id and owner (`created_by`). */
  share: { id: string; owner: string } | null;
  bytes: number;
  path: string | null;
}

export interface RequestUploadDeps {
  store: UploadRequestStore;
  sessions: SessionStore;
  /** The fs upload host: resolution, permission and landing of a file, as the owner. */
  host: UploadHost;
  fs: FsService;
  admission: WriteAdmission;
  issuers: LinkIssuers;
  passwords: PasswordChecks;
  tokens: ShareAccessTokens;
  clock: Clock;
  partTimeoutMs?: number;
  logger: { warn(obj: object, msg: string): void };
}

export interface PartInput {
  body: Readable;
  contentLength: number | null;
}

export function createRequestUploads(deps: RequestUploadDeps) {
  const { store, sessions, clock } = deps;
  const partTimeoutMs = deps.partTimeoutMs ?? MULTIPART_PART_TIMEOUT_MS;
  const gates = createRequestGates(deps);
  const { live, requireAccess, ownerFolder, bound, sessionOf, driverOf } = gates;
  const complete = createRequestCompletion(deps, gates);

  return {
    /** 401 with `requires_password` for a protected request until a share-access token comes with it. */
    async info(
      slug: string,
      shareToken: string | undefined,
      access: RequestAccess,
    ): Promise<UploadRequestInfo> {
      const row = await live(slug, access);
      await ownerFolder(row);
      requireAccess(row, shareToken);
      return {
        title: row.title,
        message: row.message,
        requires_password: row.password_hash !== null,
        expires_at: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
        limits: limitsOf(row),
        remaining: remainingOf(row, await store.tally(row.id, clock.now())),
      };
    },

    /** Checks the password (the guessing budget per client) and answers a share-access token for an hour. */
    async verify(
      slug: string,
      password: string,
      client: string,
      access: RequestAccess,
    ): Promise<{ token: string }> {
      const row = await live(slug, access);
      await ownerFolder(row);
      if (row.password_hash === null) throw badRequest(`upload request "${slug}" has no password`);
      const ok = await deps.passwords.verify({
        limitKey: `share-password:${client}`,
        client,
        password,
        hash: row.password_hash,
        onSuccess: 'refund',
      });
      if (!ok) throw unauthorized('wrong password', 'WRONG_PASSWORD');
      return { token: deps.tokens.issue({ ...row, password_hash: row.password_hash }, clock.now()) };
    },

    async start(
      slug: string,
      body: RequestUploadStartBody,
      shareToken: string | undefined,
      access: RequestAccess,
    ): Promise<RequestUploadStarted> {
      const row = await live(slug, access);
      requireAccess(row, shareToken);
      const { configId, driver } = await ownerFolder(row);
      const filename = cleanFileName(body.filename);
      access.path = joinVirtual(row.path, filename);
      const contentType = contentTypeFor(filename, body.contentType);
      checkFile(row, filename, contentType, body.size);
      const partSize = UPLOAD_REQUEST_PART_BYTES;
      const partCount = Math.max(1, Math.ceil(body.size / partSize));
      if (partCount > UPLOAD_REQUEST_MAX_PARTS)
        throw tooLarge(
          `a file through a request may have at most ${UPLOAD_REQUEST_MAX_PARTS * partSize} bytes`,
        );
      const now = clock.now();
      // A cheap look first, so a request already full refuses before the storage is asked for anything.
      const early = overLimits(row, await store.tally(row.id, now), body.size, true);
      if (early) throw early;
      await deps.admission.check(configId, body.size);

      const id = randomUUID();
      const stagingKey = `${REQUESTS_PREFIX}/${id}`;
      let storageUploadId: string | null;
      try {
        storageUploadId = await partStoreFor(driver).begin(stagingKey, contentType);
      } catch (err) {
        throw storageError(err, 'starting the upload');
      }
      const session: UploadSessionRow = {
        id,
        kind: 'multipart',
        // Not an actor of the fs API: no multipart route of a key owns it.
        actor: `request:${row.id}`,
        share_id: null,
        mount_id: '',
        storage_config_id: configId,
        target_path: access.path,
        object_key: stagingKey,
        file_size: body.size,
        replaces_bytes: 0,
        part_size: partSize,
        part_count: partCount,
        content_type: contentType,
        fingerprint: null,
        status: 'uploading',
        storage_upload_id: storageUploadId,
        result: null,
        expires_at: now + FS_UPLOAD_IDLE_MS,
        created_at: now,
        updated_at: now,
      };
      await sessions.insert(session);
      const uploadToken = randomToken(32);
      // The exact check: under the request's row lock, counting what landed and every upload in flight.
      const refusal = await store.reserve(
        row.id,
        {
          id,
          request_id: row.id,
          token_hash: hashUploadToken(uploadToken),
          filename,
          size: body.size,
          content_type: contentType,
          uploader: body.uploader?.trim() || null,
          status: 'uploading',
          name: null,
          path: null,
          claim_path: null,
          created_at: now,
          completed_at: null,
        },
        now,
        (current, tally) => overLimits(current, tally, body.size, true),
      );
      if (refusal) {
        await sessions.transition(id, 'uploading', 'aborted', { updated_at: now });
        await partStoreFor(driver)
          .abort(session)
          .catch(() => false);
        await sessions.delete(id);
        throw refusal;
      }
      return { uploadId: id, uploadToken, partSize, parts: partCount };
    },

    async part(
      slug: string,
      id: string,
      n: number,
      uploadToken: string | undefined,
      input: PartInput,
      access: RequestAccess,
    ): Promise<{ partNumber: number }> {
      const row = await live(slug, access);
      const file = await bound(row, id, uploadToken);
      access.path = joinVirtual(row.path, file.filename);
      const session = await sessionOf(file);
      requireOpen(session, clock.now());
      if (n > session.part_count)
        throw badRequest(`part ${n} is beyond the ${session.part_count} parts of upload "${id}"`);
      const expected = expectedPartSize(session, n);
      if (input.contentLength === null)
        throw badRequest('a part needs a Content-Length header (its exact size)');
      if (input.contentLength !== expected)
        throw badRequest(`part ${n} has ${input.contentLength} bytes; it must have exactly ${expected}`);
      const stored = await receivePart(
        sessions,
        partStoreFor(await driverOf(session)),
        session,
        { n, body: input.body, size: expected },
        { timeoutMs: partTimeoutMs, now: () => clock.now() },
      );
      access.bytes = stored.size;
      return { partNumber: n };
    },

    async status(
      slug: string,
      id: string,
      uploadToken: string | undefined,
      access: RequestAccess,
    ): Promise<RequestUploadStatus> {
      const row = await live(slug, access);
      const file = await bound(row, id, uploadToken);
      access.path = joinVirtual(row.path, file.filename);
      const session = await sessionOf(file);
      if (session.status === 'aborted') throw gone(`upload "${id}" was aborted; start it again`);
      return { parts: (await sessions.parts(id)).map((p) => p.part_number) };
    },

    complete,

    /** Forgets uploads whose session closed without landing; run by the scheduler. */
    sweep: () => store.sweepOrphans(clock.now()),
  };
}

export type RequestUploads = ReturnType<typeof createRequestUploads>;
