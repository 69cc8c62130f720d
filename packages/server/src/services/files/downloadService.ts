/**
 * Serving a share's bytes behind a signed link: `download` as an attachment, `view` inline where the type
 * cannot run script in our origin (HTML, SVG, XML and scripts become text/plain). S3 configs without
 * proxy_downloads redirect to a presigned GET; everything else streams through with Range and
 * conditional-request support.
 */
import type { Readable } from 'node:stream';
import { canPresign } from '../../storage/driver.ts';
import type { FileDeps } from './fileDeps.ts';
import type { FileShareRow } from './fileShareRepo.ts';
import {
  contentDisposition,
  entityTag,
  notModified,
  parseRange,
  rangeStillValid,
  type Validators,
} from './httpCaching.ts';
import { viewMode } from './mimetypes.ts';
import { urlLifetime } from './presignService.ts';
import { storageError } from './storageAccess.ts';

export type ServeMode = 'download' | 'view';

export interface ServeRequest {
  method: string;
  range?: string;
  ifRange?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  /** Seconds until the signed link expires: a redirect never outlives it. */
  linkSecondsLeft: number;
}

export type ServePlan =
  | { kind: 'redirect'; url: string; headers: Record<string, string> }
  | { kind: 'respond'; status: number; headers: Record<string, string>; body: Readable | null };

/** Headers every served file carries: never sniffed, never able to run script or load anything. */
function guardHeaders(pdf: boolean): Record<string, string> {
  // Chromium refuses to show PDFs under a CSP sandbox, so PDFs keep script off without it.
  const csp = `default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'${pdf ? '' : '; sandbox'}`;
  return {
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': csp,
    'Cross-Origin-Resource-Policy': 'same-site',
    'Cache-Control': 'private, max-age=0, must-revalidate',
  };
}

export function createDownloadService(deps: FileDeps) {
  return {
    async serve(row: FileShareRow, mode: ServeMode, req: ServeRequest): Promise<ServePlan> {
      const view = mode === 'view' ? viewMode(row.mimetype, row.filename) : null;
      const disposition = view && view.kind !== 'attachment' ? 'inline' : 'attachment';
      const contentType =
        view?.kind === 'text'
          ? 'text/plain; charset=utf-8'
          : view?.kind === 'inline'
            ? view.contentType
            : row.mimetype;

      const config = await deps.storage.config(row.s3_config_id);
      if (!config)
        throw storageError(new Error('its storage config no longer exists'), `serving "${row.filename}"`);
      const driver = await deps.storage.driver(config.id);
      if (!config.proxy_downloads && canPresign(driver)) {
        try {
          const url = await driver.presignGet(row.storage_path, {
            expiresInSeconds: urlLifetime(config, Math.max(60, req.linkSecondsLeft)),
            filename: row.filename,
            disposition,
            contentType,
          });
          return { kind: 'redirect', url, headers: { 'Cache-Control': 'no-store' } };
        } catch (err) {
          throw storageError(err, `serving "${row.filename}"`);
        }
      }

      const size = Number(row.size ?? 0);
      const validators: Validators = {
        etag: entityTag(row.etag ?? `${row.id}-${size}`),
        lastModified: new Date(Number(row.created_at)),
      };
      const headers: Record<string, string> = {
        ...guardHeaders(contentType === 'application/pdf'),
        ETag: validators.etag,
        'Last-Modified': validators.lastModified.toUTCString(),
        'Accept-Ranges': 'bytes',
      };
      if (notModified(req, validators)) return { kind: 'respond', status: 304, headers, body: null };

      const range = rangeStillValid(req.ifRange, validators)
        ? parseRange(req.range, size)
        : { kind: 'full' as const };
      if (range.kind === 'unsatisfiable')
        return {
          kind: 'respond',
          status: 416,
          headers: { ...headers, 'Content-Range': `bytes */${size}` },
          body: null,
        };

      headers['Content-Type'] = contentType;
      headers['Content-Disposition'] = contentDisposition(disposition, row.filename);
      const partial = range.kind === 'partial';
      const start = partial ? range.start : 0;
      const end = partial ? range.end : size - 1;
      headers['Content-Length'] = String(Math.max(0, end - start + 1));
      if (partial) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
      const status = partial ? 206 : 200;
      if (req.method === 'HEAD') return { kind: 'respond', status, headers, body: null };
      try {
        const read = await driver.read(row.storage_path, partial ? { start, end } : undefined);
        return { kind: 'respond', status, headers, body: read.stream };
      } catch (err) {
        throw storageError(err, `reading "${row.filename}"`);
      }
    },
  };
}

export type DownloadService = ReturnType<typeof createDownloadService>;
