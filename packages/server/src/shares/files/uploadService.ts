/**
 * `POST /upload`: the file part streams straight into the storage driver while the form is still
 * arriving. A pending record is written first, so a crash mid-upload leaves something the sweep cleans
 * up, never an orphaned object. The size limit is enforced on the bytes as they pass.
 */
import type { Readable } from 'node:stream';
import { type FileShareCreated, type UploadFormFields, uploadFormFieldsSchema } from '@clip/sdk/contract';
import { badRequest } from '../../http/appError.ts';
import { storageError } from '../../http/storageError.ts';
import { checkQuery } from '../../http/validate.ts';
import type { Actor } from '../../services/actor.ts';
import { canAdopt, type StorageDriver, type WriteResult } from '../../storage/driver.ts';
import { byteLimit } from '../../uploads/byteLimit.ts';
import { type SpooledFile, withSpoolRead } from '../../uploads/spool.ts';
import { discardPending, type FileDeps, UPLOAD_DEADLINE_MS } from './fileDeps.ts';
import type { FileShareRow } from './fileShareStore.ts';
import { checkCapacity, createPending, makeReady } from './pendingUploads.ts';
import { toCreated } from './shareRules.ts';
import { configForUpload } from './storageAccess.ts';

/** An object written for a form whose other fields may still be arriving. */
export interface StagedUpload {
  row: FileShareRow;
  /** The placement fields as they were when the file part arrived (as sent). */
  placement: { s3_config_id: string | null; path: string | null };
}

export interface UploadService {
  /** Parses FormData fields (strings) into typed fields; empty strings count as absent. */
  parseFields(raw: Record<string, unknown>): UploadFormFields;
  /** Streams one file part into storage under a pending record. `early` holds the fields sent before it. */
  stage(
    actor: Actor,
    early: Record<string, unknown>,
    file: UploadedPart,
    limitBytes: number,
  ): Promise<StagedUpload>;
  /** Applies the complete form and makes the share ready; on any refusal the object and record are removed. */
  finish(staged: StagedUpload, raw: Record<string, unknown>): Promise<FileShareCreated>;
  discard(staged: StagedUpload): Promise<void>;
}

export interface UploadedPart {
  /** The part as it arrives; null when it was spooled to disk first (`spooled`). */
  stream: Readable | null;
  /** A temp file holding the whole part, already held to the size limit; the storage may take it over. */
  spooled?: SpooledFile;
  filename: string;
  mimetype: string | null;
}

/**
 * The arriving part held to the size limit, wired before any await: an error on the part (a form cut
 * short) must never be unhandled, and the driver's pipeline, attached later, still sees it because
 * `body` is left errored.
 */
function limitedSource(stream: Readable, limitBytes: number) {
  const body = byteLimit(limitBytes);
  body.on('error', () => {});
  // A failing part (a form cut short) is the client's problem, whatever the driver made of it.
  let failed: Error | null = null;
  stream.on('error', (err) => {
    failed = err;
    body.destroy(err);
  });
  stream.pipe(body);
  return {
    body,
    sourceError: () => failed,
    /** Stops storing but keeps reading, so the rest of the form can still be parsed (or drained). */
    abandon() {
      stream.unpipe(body);
      body.destroy();
      stream.resume();
    },
  };
}

/** A spooled part into storage: moved into place where the storage is on this disk, streamed otherwise. */
function writeSpooled(
  driver: StorageDriver,
  path: string,
  spooled: SpooledFile,
  options: { contentType: string },
): Promise<WriteResult> {
  if (canAdopt(driver)) return driver.adopt(path, spooled.path);
  return withSpoolRead(spooled.path, (body) => driver.write(path, body, { ...options, size: spooled.size }));
}

export function createUploadService(deps: FileDeps): UploadService {
  function parseFields(raw: Record<string, unknown>): UploadFormFields {
    const present: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      if (Array.isArray(value)) throw badRequest(`body.${key} was sent more than once`);
      if (value !== '' && value !== undefined) present[key] = value;
    }
    return checkQuery(uploadFormFieldsSchema, present, 'body');
  }

  return {
    parseFields,

    async stage(actor, early, file, limitBytes) {
      const incoming = file.stream ? limitedSource(file.stream, limitBytes) : null;
      let row: FileShareRow;
      let fields: UploadFormFields;
      let config: Awaited<ReturnType<typeof configForUpload>>;
      try {
        fields = parseFields(early);
        config = await configForUpload(deps.storage, actor, fields.s3_config_id);
        row = await createPending(
          deps,
          actor,
          config,
          { ...fields, filename: file.filename, size: null, partType: file.mimetype },
          deps.clock.now() + UPLOAD_DEADLINE_MS,
        );
      } catch (err) {
        incoming?.abandon();
        throw err;
      }
      let driver: StorageDriver | null = null;
      try {
        driver = await deps.storage.driver(row.s3_config_id);
        const options = { contentType: row.mimetype };
        // The part's chunks go nowhere else: a local write may free each once it is on disk.
        const written = incoming
          ? await driver.write(row.storage_path, incoming.body, { ...options, releaseChunks: true })
          : await writeSpooled(driver, row.storage_path, file.spooled!, options);
        row.size = written.size;
        row.etag = written.etag;
        // The record holds no size yet, so the check counts everything else; the size is recorded under
        // the same lock, so concurrent uploads cannot all fit into the same free space.
        if (config.total_storage_bytes)
          await deps.repo.withCapacityLock(config.id, async (repo) => {
            await checkCapacity(repo, config, written.size);
            await repo.update(row.id, { size: written.size, etag: written.etag }, 'pending');
          });
      } catch (err) {
        incoming?.abandon();
        await driver?.remove(row.storage_path).catch(() => {});
        await deps.repo.delete(row.id);
        throw incoming?.sourceError() ?? storageError(err, `storing "${row.filename}"`);
      }
      await deps.repo.update(row.id, { size: row.size, etag: row.etag }, 'pending');
      return { row, placement: { s3_config_id: fields.s3_config_id ?? null, path: fields.path ?? null } };
    },

    async finish(staged, raw) {
      const { row } = staged;
      try {
        const fields = parseFields(raw);
        if (
          (fields.s3_config_id ?? null) !== staged.placement.s3_config_id ||
          (fields.path ?? null) !== staged.placement.path
        )
          throw badRequest('s3_config_id and path must come before the file in the form');
        const ready = await makeReady(deps, row, fields, { size: Number(row.size), etag: row.etag });
        return toCreated(ready, deps.origin());
      } catch (err) {
        await discardPending(deps, row);
        throw err;
      }
    },

    async discard(staged) {
      await discardPending(deps, staged.row);
    },
  };
}
