/**
 * The rules of an upload session that need no storage or database: exact part sizes, the key a client
 * must send back, which states accept what, and how S3 names an object assembled from parts.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FsMultipartStatus, FsUploadedPart } from '@clip/sdk';
import { MULTIPART_CHUNK_BYTES, MULTIPART_MAX_PARTS } from '@clip/sdk/contract';
import { conflict, forbidden, gone } from '../../http/appError.ts';
import { type Actor, creatorId } from '../../services/actor.ts';
import { iso } from '../../services/time.ts';
import { checkMimetype, guessMimetype } from '../mimetypes.ts';
import type { SessionKind, UploadPartRow, UploadSessionRow } from './sessionStore.ts';
import type { UploadTarget } from './uploadHost.ts';

const MIB = 1024 * 1024;

/**
 * The smallest whole-MiB part size (at least 5 MiB, or the client's `wanted` whole-MiB size) that fits
 * `size` into 10,000 parts.
 */
export function partPlan(size: number, wanted?: number | null): { partSize: number; partCount: number } {
  const needed = Math.ceil(size / MULTIPART_MAX_PARTS / MIB) * MIB;
  const partSize = Math.max(wanted ?? MULTIPART_CHUNK_BYTES, MULTIPART_CHUNK_BYTES, needed);
  return { partSize, partCount: Math.max(1, Math.ceil(size / partSize)) };
}

/** A complete that made no progress this long is taken to have died with its process. */
export const STALE_COMPLETE_MS = 15 * 60_000;

export const stripQuotes = (etag: string) => etag.replace(/"/g, '');

/** The ETag S3 gives an object assembled from these parts: MD5 of the parts' MD5s, dash, part count. */
export function multipartEtag(parts: UploadPartRow[]): string {
  const hash = createHash('md5');
  for (const p of parts) hash.update(Buffer.from(p.etag.replace(/"/g, ''), 'hex'));
  return `${hash.digest('hex')}-${parts.length}`;
}

export function uploadedParts(rows: UploadPartRow[]): FsUploadedPart[] {
  return rows.map((p) => ({ partNumber: p.part_number, size: p.size, etag: p.etag }));
}

/** Bytes part `n` of a session must have: the part size, except the last (the rest). */
export function expectedPartSize(
  session: Pick<UploadSessionRow, 'file_size' | 'part_size' | 'part_count'>,
  n: number,
): number {
  return n < session.part_count
    ? session.part_size
    : session.file_size - session.part_size * (session.part_count - 1);
}

export function contentTypeFor(filename: string, declared: string | undefined | null): string {
  if (declared && declared !== 'application/octet-stream') return checkMimetype(declared);
  return guessMimetype(filename, declared) ?? 'application/octet-stream';
}

/** A client `key` or `path` never chooses where bytes go: one that differs is refused before any byte is read. */
export function checkKey(session: UploadSessionRow, key: string | undefined, path?: string): void {
  if (key !== undefined && key.normalize('NFC') !== session.target_path)
    throw forbidden(`key "${key}" does not belong to upload "${session.id}"`);
  if (path !== undefined) {
    const folder = session.target_path.slice(0, session.target_path.lastIndexOf('/')) || '/';
    const given = path.normalize('NFC').replace(/(.)\/$/, '$1');
    if (given !== folder) throw forbidden(`path "${path}" does not belong to upload "${session.id}"`);
  }
}

/** Throws unless the session takes parts or a complete; a stale `completing` may be taken over when allowed. */
export function requireOpen(session: UploadSessionRow, now: number, allowStaleComplete = false): void {
  if (session.status === 'aborted') throw gone(`upload "${session.id}" was aborted`);
  if (session.status === 'completed') throw conflict(`upload "${session.id}" is already complete`);
  // A complete whose process died (no progress for a while) may be taken over by a retry.
  if (
    session.status === 'completing' &&
    !(allowStaleComplete && now - session.updated_at > STALE_COMPLETE_MS)
  )
    throw conflict(`upload "${session.id}" is being completed; ask again shortly`);
}

export function statusOf(session: UploadSessionRow, parts: UploadPartRow[]): FsMultipartStatus {
  return {
    uploadId: session.id,
    key: session.target_path,
    status: session.status,
    fileSize: session.file_size,
    partSize: session.part_size,
    partCount: session.part_count,
    parts: uploadedParts(parts),
    expiresAt: iso(session.expires_at),
  };
}

/** Where a session writes: an upload target of a mount, or a file share's object (no mount). */
export type SessionPlace = Pick<UploadTarget, 'path' | 'storageConfigId' | 'objectKey' | 'existingBytes'> & {
  mountId: string | null;
  shareId?: string | null;
};

/** A new session's row: what differs by kind (its parts, the storage's upload, the deadline) is given. */
export function newSession(
  actor: Actor,
  target: SessionPlace,
  at: number,
  session: Pick<
    UploadSessionRow,
    | 'kind'
    | 'file_size'
    | 'part_size'
    | 'part_count'
    | 'content_type'
    | 'fingerprint'
    | 'storage_upload_id'
    | 'expires_at'
  > & { kind: SessionKind },
): UploadSessionRow {
  return {
    id: randomUUID(),
    actor: creatorId(actor),
    mount_id: target.mountId,
    share_id: target.shareId ?? null,
    storage_config_id: target.storageConfigId,
    target_path: target.path,
    object_key: target.objectKey,
    replaces_bytes: target.existingBytes,
    status: 'uploading',
    result: null,
    created_at: at,
    updated_at: at,
    ...session,
  };
}
