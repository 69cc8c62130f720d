/** Spec section 5 for text shares, and how a stored share looks on the wire. */
import {
  contentProblem,
  PASTE_PREVIEW_CHARS,
  type PasteFormat,
  type PasteListItem,
  type PasteRecord,
  type PasteView,
} from '@clip/sdk/contract';
import { badRequest, tooLarge } from '../../http/appError.ts';
import { iso, isoOrNull } from '../../services/time.ts';
import type { PasteRow, ReadRow } from './pasteRow.ts';

/** Not blank, storable on both databases (Postgres text refuses NUL), within the size limit in UTF-8 bytes. */
export function checkContent(content: string, maxBytes: number): string {
  const problem = contentProblem(content);
  if (problem) throw badRequest(`body.${problem}`);
  if (content.includes('\0')) throw badRequest('body.content must not contain NUL characters');
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > maxBytes) throw tooLarge(`body.content is ${bytes} bytes; the limit is ${maxBytes} bytes`);
  return content;
}

/** Optional free text: an empty string stores nothing; NUL cannot be stored by Postgres. */
export function optionalText(value: string | null | undefined, field: string): string | null {
  if (!value) return null;
  if (value.includes('\0')) throw badRequest(`body.${field} must not contain NUL characters`);
  return value;
}

/** A value the database can look up (Postgres refuses NUL in text parameters). */
export const isStorable = (value: string): boolean => !value.includes('\0');

export interface ShareLinks {
  url: string;
  raw_url: string;
}

export function linksFor(origin: string, slug: string): ShareLinks {
  const s = encodeURIComponent(slug);
  return { url: `${origin}/paste/${s}`, raw_url: `${origin}/api/raw/${s}` };
}

export function toView(row: ReadRow, hasPassword: boolean): PasteView {
  return {
    slug: row.slug,
    title: row.title,
    content: row.content,
    remark: row.remark,
    format: row.format as PasteFormat,
    created_at: iso(row.created_at),
    expires_at: isoOrNull(row.expires_at),
    max_views: row.max_views,
    views: row.views,
    has_password: hasPassword,
    encrypted: Boolean(row.encrypted),
  };
}

/** The first characters of an unprotected, unencrypted share's text (whole code points), for lists. */
export function previewOf(row: Pick<PasteRow, 'content' | 'password_hash' | 'encrypted'>): string | null {
  // Ciphertext previews nothing.
  if (row.password_hash !== null || row.encrypted) return null;
  const chars = Array.from(row.content.slice(0, PASTE_PREVIEW_CHARS * 2)).slice(0, PASTE_PREVIEW_CHARS);
  const preview = chars.join('');
  return preview.length < row.content.length ? `${preview}…` : preview;
}

/** A share as lists show it: no text, only a preview (none for a protected share). */
export function toListItem(row: PasteRow, origin: string): PasteListItem {
  const { content: _content, ...record } = toRecord(row, origin);
  return { ...record, preview: previewOf(row) };
}

export function toRecord(row: PasteRow, origin: string): PasteRecord {
  return {
    id: row.id,
    ...toView(row, row.password_hash !== null),
    created_by: row.created_by,
    updated_at: iso(row.updated_at),
    ...linksFor(origin, row.slug),
  };
}
