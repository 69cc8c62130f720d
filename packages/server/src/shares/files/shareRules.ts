/** Spec section 5 for file shares (slug, views, expiry, password) and how a share looks on the wire. */
import type { FileRecord, FileShareCreated, ShareFields } from '@clip/sdk/contract';
import { hashPassword } from '../../crypto/passwords.ts';
import { isForeignKeyViolation } from '../../db/connect.ts';
import { notFound } from '../../http/appError.ts';
import { expiryFromHours, iso, isoOrNull } from '../../services/time.ts';
import { allocateSlug } from '../../shares/core/slugs.ts';
import type { FileShareRow, FileShareStore } from './fileShareStore.ts';

// Upload code imports these from here (the upload stack is reworked apart from the share core).
export { customSlug, slugTaken } from '../../shares/core/slugs.ts';

/** Inserts `row` under the custom slug (409 when taken) or a fresh random one (retried, growing). */
export async function insertWithSlug(
  repo: FileShareStore,
  row: FileShareRow,
  custom: string | null,
): Promise<void> {
  await allocateSlug(custom, async (slug) => {
    row.slug = slug;
    try {
      return await repo.insert(row);
    } catch (err) {
      // The storage config was deleted since it was looked up: the foreign key refused the share.
      if (isForeignKeyViolation(err)) throw notFound(`storage config "${row.s3_config_id}" not found`);
      throw err;
    }
  });
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
): Partial<FileShareRow> & { created_at: number } {
  return {
    status: 'ready',
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
    encrypted: Boolean(row.encrypted),
  };
}

/** How long a signed download or preview link of a file share is valid (ADR 0003). */
export const LINK_TTL_S = 3600;

export function toRecord(row: FileShareRow, origin: string): FileRecord {
  const usedUp = row.max_views > 0 && row.views >= row.max_views;
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
    // The sweep takes a used-up share once the links of its last view have lapsed.
    removed_after: usedUp ? iso((row.last_viewed_at ?? row.updated_at) + LINK_TTL_S * 1000) : null,
    encrypted: Boolean(row.encrypted),
  };
}
