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
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  FS_UPLOAD_IDLE_MS,
  MULTIPART_PART_TIMEOUT_MS,
  type RequestUploadDone,
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
import {
  AppError,
  badRequest,
  conflict,
  gone,
  notFound,
  tooLarge,
  unauthorized,
} from '../../http/appError.ts';
import { storageError } from '../../http/storageError.ts';
import type { Actor } from '../../services/actor.ts';
import type { WriteAdmission } from '../../services/admission/writeAdmission.ts';
import type { PasswordChecks } from '../../services/passwordChecks.ts';
import { canRename, type StorageDriver } from '../../storage/driver.ts';
import { REQUESTS_PREFIX } from '../../storage/serverObjects.ts';
import { partStoreFor, receivePart } from '../../uploads/sessions/partStores.ts';
import { contentTypeFor, expectedPartSize, requireOpen } from '../../uploads/sessions/sessionRules.ts';
import type { SessionStore, UploadSessionRow } from '../../uploads/sessions/sessionStore.ts';
import type { UploadHost } from '../../uploads/sessions/uploadHost.ts';
import type { ShareAccessTokens } from '../core/shareAccessTokens.ts';
import { checkFile, cleanFileName, limitsOf, numberedName, overLimits, remainingOf } from './requestRules.ts';
import type { RequestFileRow, UploadRequestRow, UploadRequestStore } from './uploadRequestStore.ts';

/** How many numbered names a completion tries before giving up (409). */
const MAX_NUMBERED = 1000;

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

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createRequestUploads(deps: RequestUploadDeps) {
  const { store, sessions, host, fs, clock } = deps;
  const partTimeoutMs = deps.partTimeoutMs ?? MULTIPART_PART_TIMEOUT_MS;
  const missing = (slug: string) => notFound(`upload request "${slug}" not found`);
  const passwordNeeded = () =>
    new AppError(401, 'UNAUTHORIZED', 'this upload request needs its password', {
      data: { requires_password: true },
    });

  /** The request by slug, live (404 unknown, 410 expired). */
  async function live(slug: string, access: RequestAccess): Promise<UploadRequestRow> {
    const row = await store.bySlug(slug);
    if (!row) throw missing(slug);
    access.share = { id: row.id, owner: row.created_by };
    if (row.expires_at !== null && row.expires_at <= clock.now())
      throw gone(`upload request "${slug}" has expired`);
    return row;
  }

  /** 401 unless the request is open or `token` is a share-access token issued for it as it stands. */
  function requireAccess(row: UploadRequestRow, token: string | undefined): void {
    if (row.password_hash === null) return;
    if (!token || !deps.tokens.valid({ ...row, password_hash: row.password_hash }, token, clock.now()))
      throw passwordNeeded();
  }

  /**
   * The owner as it stands now, with the folder resolved for writing: a key gone or without access, or a
   * folder gone, make the link unknown (404), never a 403 that tells a stranger about the owner.
   */
  async function ownerFolder(
    row: UploadRequestRow,
  ): Promise<{ owner: Actor; configId: string; driver: StorageDriver }> {
    const issuer = row.created_by.startsWith('apikey:') ? row.created_by : `admin:${row.created_by}`;
    const owner = await deps.issuers.actorFor(issuer);
    if (!owner) throw missing(row.slug);
    try {
      const resolved = await fs.resolve(owner, row.path, 'write');
      const folder = await fs.stat(owner, row.path);
      if (folder?.type !== 'folder') throw missing(row.slug);
      const configId = resolved.mount.storageConfigId;
      // The storage itself, not the mount's view of it: the staging object lives in its reserved folder.
      const driver = await host.driver(configId);
      if (!driver) throw missing(row.slug);
      return { owner, configId, driver };
    } catch (err) {
      if (err instanceof AppError && [401, 403, 404, 409].includes(err.status)) throw missing(row.slug);
      throw err;
    }
  }

  /** The upload `id` of this request, held by whoever sent `uploadToken` (401 none, 403 another's). */
  async function bound(
    row: UploadRequestRow,
    id: string,
    uploadToken: string | undefined,
  ): Promise<RequestFileRow> {
    const file = await store.file(id);
    if (!file || file.request_id !== row.id) throw notFound(`upload "${id}" not found`);
    if (!uploadToken) throw unauthorized('this call needs the upload token (X-Upload-Token)');
    if (!sameHash(hashToken(uploadToken), file.token_hash))
      throw new AppError(403, 'FORBIDDEN', `the upload token does not belong to upload "${id}"`);
    return file;
  }

  async function sessionOf(file: RequestFileRow): Promise<UploadSessionRow> {
    const session = await sessions.byId(file.id);
    if (!session) throw gone(`upload "${file.id}" was abandoned and swept; start it again`);
    return session;
  }

  async function driverOf(session: UploadSessionRow): Promise<StorageDriver> {
    const driver = await host.driver(session.storage_config_id);
    if (!driver) throw gone(`the storage of upload "${session.id}" is gone; start it again`);
    return driver;
  }

  /** Claims the first name free in the folder and among other completions; answers it and its path. */
  async function claimFreeName(owner: Actor, folder: string, name: string, fileId: string) {
    for (let n = 0; n < MAX_NUMBERED; n++) {
      const candidate = numberedName(name, n);
      const path = joinVirtual(folder, candidate);
      if (await fs.stat(owner, path)) continue;
      if (await store.claim(fileId, path)) {
        // Checked again once claimed: a completion of the same name may have landed in between.
        if (!(await fs.stat(owner, path))) return { name: candidate, path };
        await store.unclaim(fileId);
      }
    }
    throw conflict(`no free name for "${name}" in "${folder}" after ${MAX_NUMBERED} tries`);
  }

  async function abandon(session: UploadSessionRow, driver: StorageDriver, stagingWritten: boolean) {
    await sessions.transition(session.id, 'completing', 'aborted', { updated_at: clock.now() });
    await sessions.deleteParts(session.id);
    await store.unclaim(session.id);
    if (stagingWritten) await driver.remove(session.object_key).catch(() => undefined);
  }

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
          token_hash: hashToken(uploadToken),
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

    async complete(
      slug: string,
      id: string,
      uploadToken: string | undefined,
      shareToken: string | undefined,
      access: RequestAccess,
    ): Promise<RequestUploadDone> {
      const row = await live(slug, access);
      const file = await bound(row, id, uploadToken);
      access.path = joinVirtual(row.path, file.filename);
      let session = await sessionOf(file);
      if (session.status === 'completed' && session.result)
        return JSON.parse(session.result) as RequestUploadDone;
      requireAccess(row, shareToken);
      const { owner, configId } = await ownerFolder(row);
      // The rules as they stand now: the owner may have changed them while the bytes travelled.
      checkFile(row, file.filename, file.content_type, file.size);
      const over = overLimits(row, await store.tally(row.id, clock.now()), file.size, false);
      if (over) throw over;
      if (configId !== session.storage_config_id)
        throw conflict(
          `the folder of upload "${id}" moved to another storage since it began; start it again`,
        );
      requireOpen(session, clock.now(), true);
      const parts = await sessions.parts(id);
      if (parts.length !== session.part_count) {
        const have = new Set(parts.map((p) => p.part_number));
        const missingParts: number[] = [];
        for (let k = 1; k <= session.part_count && missingParts.length < 20; k++)
          if (!have.has(k)) missingParts.push(k);
        throw conflict(`upload "${id}" is missing parts ${missingParts.join(', ')} of ${session.part_count}`);
      }
      await deps.admission.check(configId, session.file_size, { exceptSession: id });
      const stale = session.status === 'completing';
      if (
        !(await sessions.transition(
          id,
          session.status,
          'completing',
          { updated_at: clock.now() },
          stale ? session.updated_at : undefined,
        ))
      ) {
        session = (await sessions.byId(id)) ?? session;
        if (session.status === 'completed' && session.result)
          return JSON.parse(session.result) as RequestUploadDone;
        throw conflict(`upload "${id}" is being completed; ask again shortly`);
      }
      const driver = await driverOf(session);
      let joined: { size: number };
      try {
        joined = await partStoreFor(driver).finish(session, await sessions.parts(id));
      } catch (err) {
        await sessions.transition(id, 'completing', 'uploading', { updated_at: clock.now() });
        throw storageError(err, 'joining the parts');
      }
      if (joined.size !== session.file_size) {
        await abandon(session, driver, true);
        throw conflict(`the joined parts hold ${joined.size} bytes, but ${session.file_size} were declared`);
      }
      let done: RequestUploadDone;
      try {
        const { name, path } = await claimFreeName(owner, row.path, file.filename, id);
        const target = await host.target(owner, row.path, name, {});
        if (!canRename(driver)) throw new Error(`a ${driver.type} storage cannot move objects`);
        await driver.rename(session.object_key, target.objectKey);
        await store.completed(id, name, path, clock.now());
        await host.written(owner, target, 0);
        done = { name, size: joined.size };
        access.path = path;
        access.bytes = joined.size;
      } catch (err) {
        await abandon(session, driver, true);
        if (err instanceof AppError) throw err;
        throw storageError(err, 'moving the file into the folder');
      }
      await sessions.transition(id, 'completing', 'completed', {
        result: JSON.stringify(done),
        expires_at: clock.now() + FS_UPLOAD_IDLE_MS,
        updated_at: clock.now(),
      });
      return done;
    },

    /** Forgets uploads whose session closed without landing; run by the scheduler. */
    sweep: () => store.sweepOrphans(clock.now()),
  };
}

export type RequestUploads = ReturnType<typeof createRequestUploads>;
