/** How a path share reads back, and what its owner reference is (the rules both sides of the API share). */
import type { PathShareRecord } from '@clip/sdk';
import { badRequest } from '../../http/appError.ts';
import { iso, isoOrNull } from '../../services/time.ts';
import type { PathShareRow } from './pathShareStore.ts';

/**
 * links.md: `expires_in` seconds, `0` or absent = the server's default, `-1` = never. The server's default
 * is never, as for text and file shares made without an expiry (ADR 0050).
 */
export function expiryFromSeconds(seconds: number | null | undefined, now: number): number | null {
  if (seconds === null || seconds === undefined || seconds === 0 || seconds === -1) return null;
  if (!Number.isInteger(seconds) || seconds < -1) throw badRequest('expires_in must be seconds, 0 or -1');
  return now + seconds * 1000;
}

export function optionalRemark(remark: string | null | undefined): string | null {
  if (remark === undefined || remark === null) return null;
  const trimmed = remark.trim();
  return trimmed === '' ? null : trimmed;
}

/** The issuer reference (fs/linkIssuer.ts) of the actor a share's `created_by` names. */
export function ownerIssuer(createdBy: string): string {
  return createdBy.startsWith('apikey:') ? createdBy : `admin:${createdBy}`;
}

export function toRecord(row: PathShareRow, origin: string): PathShareRecord {
  return {
    id: row.id,
    slug: row.slug,
    url: `${origin}/s/${encodeURIComponent(row.slug)}`,
    path: row.path,
    kind: row.kind,
    requires_password: row.password_hash !== null,
    expires_at: isoOrNull(row.expires_at),
    max_views: row.max_views,
    views: row.views,
    remark: row.remark,
    created_by: row.created_by,
    created_at: iso(row.created_at),
  };
}
