/**
 * The rules of an upload request that need no storage or database: how a name an uploader sends is
 * cleaned and numbered, which types a request takes, what its limits leave, and how it reads on the wire.
 */
import {
  UPLOAD_REQUEST_DEFAULT_EXPIRY_S,
  type UploadRequestLimitName,
  type UploadRequestLimits,
  type UploadRequestReceived,
  type UploadRequestRecord,
  uploadTypeAllowed,
} from '@clip/sdk/contract';
import { AppError, badRequest } from '../../http/appError.ts';
import { iso, isoOrNull } from '../../services/time.ts';
import { isReservedName } from '../../storage/serverObjects.ts';
import type { RequestFileRow, RequestTally, UploadRequestRow } from './uploadRequestStore.ts';

const MAX_NAME_BYTES = 255;

/** Cuts a string to at most `bytes` UTF-8 bytes without splitting a character. */
function cutToBytes(s: string, bytes: number): string {
  let out = '';
  for (const ch of s) {
    if (Buffer.byteLength(out + ch) > bytes) break;
    out += ch;
  }
  return out;
}

/** Splits "report.final.pdf" into "report.final" and ".pdf"; a leading dot alone is no extension. */
function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

/**
 * The name a file an uploader sent lands under: path separators become `_`, control characters go,
 * surrounding spaces and trailing dots go (Windows drops them), at most 255 bytes keeping the extension;
 * nothing left, `.`/`..` or the server's reserved `.clip` become something harmless.
 */
export function cleanFileName(raw: string): string {
  let name = raw
    .normalize('NFC')
    .replace(/[/\\]/g, '_')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .replace(/[. ]+$/, '');
  if (name === '' || name === '.' || name === '..') name = 'file';
  if (isReservedName(name)) name = `_${name}`;
  if (Buffer.byteLength(name) > MAX_NAME_BYTES) {
    const [base, ext] = splitExtension(name);
    const keep = Buffer.byteLength(ext) < 32 ? ext : '';
    name = cutToBytes(base, MAX_NAME_BYTES - Buffer.byteLength(keep)) + keep;
  }
  return name;
}

/** The `n`th alternative of a taken name: "a.pdf" -> "a (1).pdf", "notes" -> "notes (2)". */
export function numberedName(name: string, n: number): string {
  if (n === 0) return name;
  const [base, ext] = splitExtension(name);
  const suffix = ` (${n})${ext}`;
  return cutToBytes(base, MAX_NAME_BYTES - Buffer.byteLength(suffix)) + suffix;
}

export function parseAllowedTypes(json: string): string[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

export function limitsOf(row: UploadRequestRow): UploadRequestLimits {
  return {
    max_files: row.max_files,
    max_file_bytes: row.max_file_bytes,
    max_total_bytes: row.max_total_bytes,
    allowed_types: parseAllowedTypes(row.allowed_types),
  };
}

/** Files and bytes a request may still take, counting uploads in flight (null: no limit). */
export function remainingOf(
  row: UploadRequestRow,
  tally: RequestTally,
): { files: number | null; bytes: number | null } {
  return {
    files: row.max_files === null ? null : Math.max(0, row.max_files - tally.files - tally.inFlightFiles),
    bytes:
      row.max_total_bytes === null
        ? null
        : Math.max(0, row.max_total_bytes - tally.bytes - tally.inFlightBytes),
  };
}

/** 413 naming the request's limit in `data.limit`, so a client can say which one in its own words. */
const overLimit = (limit: UploadRequestLimitName, message: string) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', message, { data: { limit } });

export const unsupportedType = (filename: string, allowed: string[]) =>
  new AppError(
    415,
    'UNSUPPORTED_TYPE',
    `"${filename}" is not a type this request takes (${allowed.join(', ')})`,
    {
      data: { allowed_types: allowed },
    },
  );

/** 415 or 413 when one file does not fit the request's type and per-file size rules. */
export function checkFile(row: UploadRequestRow, filename: string, contentType: string, size: number): void {
  const allowed = parseAllowedTypes(row.allowed_types);
  if (!uploadTypeAllowed(allowed, filename, contentType)) throw unsupportedType(filename, allowed);
  if (row.max_file_bytes !== null && size > row.max_file_bytes)
    throw overLimit(
      'max_file_bytes',
      `"${filename}" has ${size} bytes; this request takes files of at most ${row.max_file_bytes} bytes`,
    );
}

/**
 * 413 when one more file of `size` bytes would pass the request's count or total, with `tally` counting
 * what landed and (when `inFlight`) what is on its way; null when it fits.
 */
export function overLimits(
  row: UploadRequestRow,
  tally: RequestTally,
  size: number,
  inFlight: boolean,
): AppError | null {
  const files = tally.files + (inFlight ? tally.inFlightFiles : 0);
  const bytes = tally.bytes + (inFlight ? tally.inFlightBytes : 0);
  if (row.max_files !== null && files + 1 > row.max_files)
    return overLimit(
      'max_files',
      `this request takes at most ${row.max_files} files, and ${files} have arrived or are on their way`,
    );
  if (row.max_total_bytes !== null && bytes + size > row.max_total_bytes)
    return overLimit(
      'max_total_bytes',
      `this request takes at most ${row.max_total_bytes} bytes in all, ${Math.max(0, row.max_total_bytes - bytes)} remain; the file has ${size}`,
    );
  return null;
}

/** `expires_in` seconds: 0 or absent = the default, -1 = never. */
export function expiryFromSeconds(seconds: number | null | undefined, now: number): number | null {
  if (seconds === -1) return null;
  if (seconds === undefined || seconds === null || seconds === 0)
    return now + UPLOAD_REQUEST_DEFAULT_EXPIRY_S * 1000;
  if (seconds < 0)
    throw badRequest('body.expires_in must be -1 (never), 0 (the default) or a number of seconds');
  return now + seconds * 1000;
}

export function recordOf(
  row: UploadRequestRow,
  received: { files: number; bytes: number },
  origin: string,
): UploadRequestRecord {
  return {
    id: row.id,
    slug: row.slug,
    url: `${origin}/r/${row.slug}`,
    path: row.path,
    title: row.title,
    message: row.message,
    requires_password: row.password_hash !== null,
    expires_at: isoOrNull(row.expires_at),
    limits: limitsOf(row),
    files_received: received.files,
    bytes_received: received.bytes,
    created_by: row.created_by,
    created_at: iso(row.created_at),
  };
}

export function receivedOf(file: RequestFileRow): UploadRequestReceived {
  return {
    name: file.name ?? file.filename,
    path: file.path ?? '',
    size: file.size,
    uploaded_at: iso(file.completed_at ?? file.created_at),
    uploader: file.uploader,
  };
}
