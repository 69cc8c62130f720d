/** Spec section 5 for file shares (slug, views, expiry, password) and how a share looks on the wire. */
import {
  DEFAULT_MESSAGES,
  type FileRecord,
  type FileShareCreated,
  type ShareFields,
  slugProblem,
} from '@clip/sdk/contract';
import { hashPassword } from '../../crypto/passwords.ts';
import { randomSlug } from '../../crypto/tokens.ts';
import { isForeignKeyViolation } from '../../db/connect.ts';
import { badRequest, conflict, notFound } from '../../http/appError.ts';
import { expiryFromHours, iso, isoOrNull } from '../time.ts';
import type { FileShareRepo, FileShareRow } from './fileShareRepo.ts';

const RANDOM_SLUG_ATTEMPTS = 8;

export const slugTaken = () => conflict(DEFAULT_MESSAGES.slugTaken, 'SLUG_TAKEN');

/** A custom slug per section 5, or null when none was asked for. */
export function customSlug(slug: string | null | undefined): string | null {
  if (slug === undefined || slug === null || slug === '') return null;
  const problem = slugProblem(slug);
  if (problem) throw badRequest(`body.${problem}`);
  return slug;
}

/** Inserts `row` under the custom slug (409 when taken) or a fresh random one (retried, growing). */
export async function insertWithSlug(
  repo: FileShareRepo,
  row: FileShareRow,
  custom: string | null,
): Promise<void> {
  for (let attempt = 0; attempt < RANDOM_SLUG_ATTEMPTS; attempt++) {
    row.slug = custom ?? randomSlug(6 + 2 * Math.floor(attempt / 3));
    try {
      if (await repo.insert(row)) return;
    } catch (err) {
      // The storage config was deleted since it was looked up: the foreign key refused the share.
      if (isForeignKeyViolation(err)) throw notFound(`storage config "${row.s3_config_id}" not found`);
      throw err;
    }
    if (custom !== null) throw slugTaken();
  }
  throw new Error(`no free random slug after ${RANDOM_SLUG_ATTEMPTS} attempts`);
}

/** The stored form of the share settings a client gave (absent fields keep `base`). */
export async function shareSettings(
  fields: ShareFields,
  base: Pick<FileShareRow, 'remark' | 'password_hash' | 'expires_in_hours' | 'max_views'> = {
    remark: null,
    password_hash: null,
    expires_in_hours: null,
    max_views: 0,
  },
): Promise<Pick<FileShareRow, 'remark' | 'password_hash' | 'expires_in_hours' | 'max_views'>> {
  return {
    remark: fields.remark === undefined || fields.remark === null ? base.remark : fields.remark || null,
    password_hash: fields.password ? await hashPassword(fields.password) : base.password_hash,
    expires_in_hours:
      fields.expires_in === undefined || fields.expires_in === null
        ? base.expires_in_hours
        : fields.expires_in || null,
    max_views:
      fields.max_views === undefined || fields.max_views === null ? base.max_views : fields.max_views,
  };
}

/** The moment a share becomes ready: its expiry clock starts now. */
export function readyChanges(
  row: Pick<FileShareRow, 'expires_in_hours'>,
  now: number,
): Partial<FileShareRow> {
  return {
    status: 'ready',
    upload_id: null,
    upload_expires_at: null,
    expires_at: expiryFromHours(row.expires_in_hours, now),
    created_at: now,
    updated_at: now,
  };
}

export const shareUrl = (origin: string, slug: string) => `${origin}/file/${encodeURIComponent(slug)}`;

export function toCreated(row: FileShareRow, origin: string): FileShareCreated {
  return {
    id: row.id,
    slug: row.slug,
    filename: row.filename,
    size: Number(row.size ?? 0),
    mimetype: row.mimetype,
    url: shareUrl(origin, row.slug),
    expires_at: isoOrNull(row.expires_at),
    max_views: row.max_views,
  };
}

export function toRecord(row: FileShareRow, origin: string): FileRecord {
  return {
    id: row.id,
    slug: row.slug,
    filename: row.filename,
    mimetype: row.mimetype,
    size: Number(row.size ?? 0),
    path: row.path,
    storage_path: row.storage_path,
    s3_config_id: row.s3_config_id,
    etag: row.etag,
    remark: row.remark,
    has_password: row.password_hash !== null,
    expires_at: isoOrNull(row.expires_at),
    max_views: row.max_views,
    views: row.views,
    created_by: row.created_by,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    url: shareUrl(origin, row.slug),
  };
}
