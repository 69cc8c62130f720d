/**
 * Where the parts of a session go until it completes. S3-like storages hold them in their own multipart
 * upload; storages without one (local directories) write each part at its offset into one file inside the
 * storage (`.clip-uploads/<session>/`, hidden; ADR 0027), so any process with the storage can complete, and
 * completing moves that file into place.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FS_UPLOAD_IDLE_MS } from '@clip/sdk';
import { AppError } from '../../http/appError.ts';
import { storageError } from '../../http/storageError.ts';
import {
  canMultipart,
  canStageParts,
  type StagedPartsCapability,
  type StorageDriver,
  type WriteResult,
} from '../../storage/driver.ts';
import { pipeThrough } from '../../storage/pipeThrough.ts';
import { PartBody } from './partBody.ts';
import type { SessionStore, UploadPartRow, UploadSessionRow } from './sessionStore.ts';

export interface StoredPart {
  etag: string;
  /** The part's MD5 where the storage computed one (S3's part ETag); null for a local storage's part. */
  checksum: string | null;
  size: number;
}

export interface PartStore {
  /**
   * True when a part is written over its earlier copy in place (a local storage): a re-sent part cut short
   * spoils that copy, so the service forgets the part before writing it again.
   */
  readonly inPlace: boolean;
  /** Starts the storage's upload; answers its id (null when parts stay on our disk). */
  begin(objectKey: string, contentType: string): Promise<string | null>;
  put(
    session: UploadSessionRow,
    partNumber: number,
    body: Readable,
    size: number,
    signal: AbortSignal,
  ): Promise<StoredPart>;
  finish(session: UploadSessionRow, parts: UploadPartRow[]): Promise<WriteResult>;
  /** Best effort: false when the storage did not confirm (s3rver refuses AbortMultipartUpload). */
  abort(session: UploadSessionRow): Promise<boolean>;
}

/** Parts written inside a storage without multipart of its own (a local directory), at their offsets. */
export function stagedPartStore(driver: StorageDriver & StagedPartsCapability): PartStore {
  return {
    inPlace: true,

    async begin() {
      return null;
    },

    async put(session, partNumber, body, size, signal) {
      // Not hashed: an MD5 of every byte cost ~1.15 s of the event loop's CPU per GiB (about a third of
      // the server's work in a local upload), and nothing reads it: the part's ETag only has to tell this
      // copy of the part from an earlier one when the client lists its parts at completion (ADR 0094).
      const counted = new PartBody(size);
      // The body's failure reaches the driver's pipeline through `counted`, never Node's unhandled path.
      pipeThrough(body, counted);
      try {
        // All parts but the last have the session's part size, so part n starts at (n - 1) part sizes.
        const offset = (partNumber - 1) * session.part_size;
        await driver.putPart(session.id, partNumber, offset, counted, signal);
      } catch (err) {
        // The body's own refusal (wrong size, time limit) says more than the storage's reaction to it.
        throw counted.errored ?? err;
      }
      return { etag: randomBytes(16).toString('hex'), checksum: null, size: counted.received };
    },

    async finish(session, parts) {
      return driver.joinParts(
        session.id,
        parts.map((p) => ({ partNumber: p.part_number, size: p.size })),
        session.object_key,
        { contentType: session.content_type },
      );
    },

    async abort(session) {
      await driver.dropParts(session.id);
      return true;
    },
  };
}

export function s3PartStore(driver: StorageDriver): PartStore {
  if (!canMultipart(driver)) throw new Error('the driver has no multipart capability');
  return {
    // A re-sent part replaces the store's copy only once it is whole.
    inPlace: false,

    async begin(objectKey, contentType) {
      return (await driver.multipartInit(objectKey, { contentType })).uploadId;
    },

    async put(session, partNumber, body, size, signal) {
      // The store's part ETag is the part's MD5: it is the checksum, and the server spares the hashing.
      const counted = new PartBody(size);
      // The failure reaches the caller through the driver's rejection and `counted.errored`; without a
      // listener a client that disconnects mid-part (kill -9) crashed the process with an unhandled 'error'.
      // A failed body also abandons the store's request, which would otherwise wait for the rest of it.
      const storeRequest = new AbortController();
      counted.on('error', (err) => storeRequest.abort(err));
      const source = body.pipe(counted);
      body.once('error', (err) => counted.destroy(err));
      const onAbort = () => counted.destroy(signal.reason as Error);
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        const done = await driver.multipartUploadPart(
          session.object_key,
          session.storage_upload_id!,
          partNumber,
          source,
          size,
          storeRequest.signal,
        );
        if (counted.received !== size) throw counted.errored ?? new Error('the part ended early');
        const etag = done.etag.replace(/"/g, '');
        return { etag, checksum: etag, size };
      } catch (err) {
        // The body's own refusal (wrong size, time limit) says more than the store's reaction to it.
        throw counted.errored ?? err;
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    },

    async finish(session, parts) {
      return driver.multipartComplete(
        session.object_key,
        session.storage_upload_id!,
        parts.map((p) => ({ partNumber: p.part_number, etag: p.etag })),
      );
    },

    async abort(session) {
      if (!session.storage_upload_id) return true;
      return driver.multipartAbort(session.object_key, session.storage_upload_id);
    },
  };
}

/** The part store of a storage: its own multipart upload where it has one, parts kept inside it otherwise. */
export function partStoreFor(driver: StorageDriver): PartStore {
  if (canMultipart(driver)) return s3PartStore(driver);
  if (canStageParts(driver)) return stagedPartStore(driver);
  throw new Error(`a ${driver.type} storage can hold no multipart upload`);
}

/**
 * Receives one part of a session: forgets an in-place earlier copy first (so a re-sent part cut short counts
 * as missing rather than as its spoiled copy), stores it within `timeoutMs` (else a 408; a storage failure
 * as storageError says), then records it, which keeps the session alive for FS_UPLOAD_IDLE_MS.
 */
export async function receivePart(
  sessions: SessionStore,
  store: PartStore,
  session: UploadSessionRow,
  part: { n: number; body: Readable; size: number },
  options: { timeoutMs: number; now: () => number },
): Promise<StoredPart> {
  const { n } = part;
  if (store.inPlace) await sessions.deletePart(session.id, n);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  let stored: StoredPart;
  try {
    stored = await store.put(session, n, part.body, part.size, timeout);
  } catch (err) {
    if (timeout.aborted)
      throw new AppError(
        408,
        'TIMEOUT',
        `part ${n} did not arrive within ${Math.round(options.timeoutMs / 1000)} s`,
      );
    throw storageError(err, `storing part ${n}`);
  }
  const t = options.now();
  await sessions.savePart(
    {
      session_id: session.id,
      part_number: n,
      size: stored.size,
      etag: stored.etag,
      checksum: stored.checksum,
      created_at: t,
    },
    t + FS_UPLOAD_IDLE_MS,
  );
  return stored;
}
