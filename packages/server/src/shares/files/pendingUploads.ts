/**
 * What presigned, multipart and URL uploads have in common: a pending record created before the client
 * sends any bytes, looked up again (by its creator only) at commit, and made ready once the object is proven.
 */
import { randomUUID } from 'node:crypto';
import { type ShareFields, uploadContentType } from '@clip/sdk/contract';
import { isUniqueViolation } from '../../db/connect.ts';
import { badRequest, gone, notFound, tooLarge } from '../../http/appError.ts';
import { type Actor, creatorId } from '../../services/actor.ts';
import { overCapacity } from '../../services/admission/writeAdmission.ts';
import { ownsRecord, shareFolderFor } from '../../services/permissions.ts';
import { checkMimetype, guessMimetype } from '../../uploads/mimetypes.ts';
import { SEALED_FILENAME, SEALED_MIMETYPE } from '../core/sealedContent.ts';
import type { FileDeps } from './fileDeps.ts';
import { sanitizeFilename, storageKey } from './filenames.ts';
import type { FileShareRow, FileShareStore } from './fileShareStore.ts';
import { customSlug, insertWithSlug, readyChanges, shareSettings, slugTaken } from './shareRules.ts';
import type { ShareStorageConfig } from './storageAccess.ts';

export interface PendingInput extends ShareFields {
  filename: string;
  mimetype?: string | null;
  path?: string | null;
  /** Declared bytes; null when not known yet (a streamed or URL upload). */
  size: number | null;
  /** The type the client's file part carried, used when `mimetype` is absent. */
  partType?: string | null;
  source_url?: string | null;
}

export async function checkDeclaredSize(deps: FileDeps, size: number | null): Promise<void> {
  if (size === null) return;
  const limit = await deps.settings.maxUploadBytes();
  if (size > limit) throw tooLarge(`the file has ${size} bytes; the upload limit is ${limit} bytes`);
}

/**
 * A config's capacity (total_storage_bytes) counts the bytes of its shares, pending ones included.
 * `size` null only checks that some room is left.
 */
export async function checkCapacity(
  repo: Pick<FileShareStore, 'usedBytes'>,
  config: ShareStorageConfig,
  size: number | null,
): Promise<void> {
  const total = config.total_storage_bytes;
  if (!total) return;
  const used = await repo.usedBytes(config.id);
  const remaining = Math.max(0, total - used);
  if ((size ?? 1) > remaining) throw overCapacity(size, remaining, total);
}

/** Inserts the pending record of an upload the client is about to send. */
export async function createPending(
  deps: FileDeps,
  actor: Actor,
  config: ShareStorageConfig,
  input: PendingInput,
  deadline: number,
): Promise<FileShareRow> {
  // Where the bytes go is decided (and the key's basic path enforced) before anything else runs.
  const folder = shareFolderFor(actor, input.path);
  await checkDeclaredSize(deps, input.size);
  const encrypted = input.encrypted === true;
  if (encrypted && input.source_url)
    throw badRequest('a URL upload cannot be end-to-end encrypted: the server would see the file');
  // Ciphertext carries its real name and type inside: the server keeps only neutral ones.
  const filename = encrypted ? SEALED_FILENAME : sanitizeFilename(input.filename);
  const now = deps.clock.now();
  const row: FileShareRow = {
    id: randomUUID(),
    slug: '',
    filename,
    mimetype: encrypted
      ? SEALED_MIMETYPE
      : input.mimetype
        ? checkMimetype(input.mimetype)
        : uploadContentType(filename, guessMimetype(filename, input.partType)),
    size: input.size,
    path: folder,
    storage_path: storageKey(folder, filename),
    s3_config_id: config.id,
    etag: null,
    ...(await shareSettings(input)),
    expires_at: null,
    views: 0,
    last_viewed_at: null,
    created_by: creatorId(actor),
    status: 'pending',
    upload_expires_at: deadline,
    source_url: input.source_url ?? null,
    encrypted,
    created_at: now,
    updated_at: now,
  };
  const slug = customSlug(input.slug);
  // Check and reservation (the pending row holds the declared size) in one step: concurrent uploads
  // cannot all see the same free space.
  if (config.total_storage_bytes)
    await deps.repo.withCapacityLock(config.id, async (repo) => {
      await checkCapacity(repo, config, input.size);
      await insertWithSlug(repo, row, slug);
    });
  else await insertWithSlug(deps.repo, row, slug);
  return row;
}

/** The actor's pending (or already committed) upload; another creator's is 404, like a missing one. */
export async function findUpload(deps: FileDeps, actor: Actor, fileId: string): Promise<FileShareRow> {
  const row = await deps.repo.byId(fileId);
  if (!row || !ownsRecord(actor, row.created_by)) throw notFound(`upload "${fileId}" not found`);
  return row;
}

export function requireOpen(row: FileShareRow, now: number): void {
  if (row.status !== 'pending') throw badRequest(`upload "${row.id}" is already committed`);
  if (row.upload_expires_at !== null && row.upload_expires_at <= now)
    throw gone(`upload "${row.id}" expired before it was committed`);
}

/** Commit bodies may repeat what presign answered; it must match, it is never applied. */
export function checkPlacement(
  row: FileShareRow,
  body: { s3_config_id?: string | null; storage_path?: string | null; size?: number | null },
): void {
  if (body.s3_config_id && body.s3_config_id !== row.s3_config_id)
    throw badRequest(`body.s3_config_id does not match upload "${row.id}"`);
  if (body.storage_path && body.storage_path !== row.storage_path)
    throw badRequest(`body.storage_path does not match upload "${row.id}"`);
  if (body.size !== undefined && body.size !== null && row.size !== null && body.size !== row.size)
    throw badRequest(
      `body.size ${body.size} does not match the ${row.size} bytes declared for upload "${row.id}"`,
    );
}

/** Marks a proven upload ready with the share settings the commit gave (overriding those from presign). */
export async function makeReady(
  deps: FileDeps,
  row: FileShareRow,
  fields: ShareFields & { filename?: string | null; mimetype?: string | null },
  stored: { size: number; etag: string | null },
): Promise<FileShareRow> {
  const settings = await shareSettings(fields, row);
  const changes = {
    ...settings,
    ...readyChanges(settings, deps.clock.now()),
    slug: customSlug(fields.slug) ?? row.slug,
    mimetype: fields.mimetype && !row.encrypted ? checkMimetype(fields.mimetype) : row.mimetype,
    size: stored.size,
    etag: stored.etag,
  };
  let updated: boolean;
  try {
    updated = await deps.repo.commitReady(row.id, changes);
  } catch (err) {
    throw isUniqueViolation(err) ? slugTaken() : err;
  }
  if (updated) return { ...row, ...changes };
  // A concurrent commit of the same upload won: committing is idempotent, answer its result.
  const now = await deps.repo.byId(row.id);
  if (now?.status === 'ready') return now;
  throw badRequest(`upload "${row.id}" was cancelled meanwhile`);
}
