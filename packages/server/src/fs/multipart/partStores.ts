/**
 * Where the parts of a session go until it completes. S3-like storages hold them in their own multipart
 * upload; storages without one (local directories) keep them under `<data>/uploads/<session>/` on the
 * server's disk and get one streamed write of the joined parts on complete (which renames into place).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { canMultipart, type StorageDriver, type WriteResult } from '../../storage/driver.ts';
import { PartBody } from './partBody.ts';
import type { UploadPartRow, UploadSessionRow } from './sessionRepo.ts';

export interface StoredPart {
  etag: string;
  checksum: string;
  size: number;
}

export interface PartStore {
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

const SESSION_ID = /^[0-9a-f-]{36}$/;

/** `<data>/uploads/<session>`; the id is ours (a UUID), checked anyway so no path is built from anything else. */
export function sessionDir(dataDir: string, sessionId: string): string {
  if (!SESSION_ID.test(sessionId)) throw new Error(`bad session id "${sessionId}"`);
  return join(dataDir, 'uploads', sessionId);
}

export function localPartStore(dataDir: string, driver: StorageDriver): PartStore {
  return {
    async begin() {
      return null;
    },

    async put(session, partNumber, body, size, signal) {
      const dir = sessionDir(dataDir, session.id);
      await mkdir(dir, { recursive: true });
      const temp = join(dir, `${partNumber}.${process.pid}.${Date.now()}.tmp`);
      const counted = new PartBody(size);
      try {
        await pipeline(body, counted, createWriteStream(temp, { flags: 'wx' }), { signal });
        await rename(temp, join(dir, `${partNumber}.part`));
      } catch (err) {
        await unlink(temp).catch(() => {});
        throw err;
      }
      const md5 = counted.md5()!;
      return { etag: md5, checksum: md5, size: counted.received };
    },

    async finish(session, parts) {
      const dir = sessionDir(dataDir, session.id);
      // Every part file must be there with the size recorded (another process's disk would not have them).
      for (const p of parts) {
        const st = await stat(join(dir, `${p.part_number}.part`)).catch(() => null);
        if (!st || st.size !== p.size)
          throw new Error(`part ${p.part_number} of upload ${session.id} is not on this server's disk`);
      }
      async function* joined(): AsyncGenerator<Buffer> {
        for (const p of parts)
          yield* createReadStream(join(dir, `${p.part_number}.part`), {
            highWaterMark: 256 * 1024,
          }) as AsyncIterable<Buffer>;
      }
      const result = await driver.write(session.object_key, Readable.from(joined()), {
        size: session.file_size,
        contentType: session.content_type,
      });
      await rm(dir, { recursive: true, force: true });
      return result;
    },

    async abort(session) {
      await rm(sessionDir(dataDir, session.id), { recursive: true, force: true });
      return true;
    },
  };
}

export function s3PartStore(driver: StorageDriver): PartStore {
  if (!canMultipart(driver)) throw new Error('the driver has no multipart capability');
  return {
    async begin(objectKey, contentType) {
      return (await driver.multipartInit(objectKey, { contentType })).uploadId;
    },

    async put(session, partNumber, body, size, signal) {
      // The store's part ETag is the part's MD5: it is the checksum, and the server spares the hashing.
      const counted = new PartBody(size, { hash: false });
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

/** The part store of a storage: its own multipart upload where it has one, our disk otherwise. */
export function partStoreFor(driver: StorageDriver, dataDir: string): PartStore {
  return canMultipart(driver) ? s3PartStore(driver) : localPartStore(dataDir, driver);
}
