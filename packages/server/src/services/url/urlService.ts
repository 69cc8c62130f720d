/**
 * URL upload. The server inspects the remote file and can stream it to a browser that CORS blocks; the
 * bytes are then stored by the same presigned or multipart flow as any other upload, with the source URL
 * recorded. Every fetch goes through the SSRF guard.
 */
import type { Readable } from 'node:stream';
import {
  type AbortResult,
  type CancelResult,
  type FileShareCreated,
  httpUrlProblem,
  type MultipartInitResult,
  type PresignResult,
  type UrlCommitBody,
  type UrlInfo,
  type UrlMultipartAbortBody,
  type UrlMultipartCompleteBody,
  type UrlMultipartInitBody,
  type UrlPresignBody,
} from '@clip/sdk/contract';
import { AppError, badRequest } from '../../http/appError.ts';
import { contentDisposition } from '../../serving/httpCaching.ts';
import { presentation, safetyHeaders } from '../../serving/presentation.ts';
import type { MultipartService } from '../../shares/files/multipartService.ts';
import type { PresignService } from '../../shares/files/presignService.ts';
import { byteLimit } from '../../uploads/byteLimit.ts';
import type { Actor } from '../actor.ts';
import { type GuardedResponse, guardedFetch } from './guardedFetch.ts';
import { remoteFilename, remoteMimetype, remoteSize } from './remoteFile.ts';
import { createSsrfGuard, type Resolver } from './ssrfGuard.ts';

export interface UrlServiceDeps {
  presign: PresignService;
  multipart: MultipartService;
  maxUploadBytes(): Promise<number>;
  allowPrivateUrls: boolean;
}

/** Test seams, only through this constructor: a resolver, and addresses to treat as public. */
export interface UrlServiceTestOptions {
  resolve?: Resolver;
  trustedAddresses?: readonly string[];
}

export interface ProxiedBody {
  headers: Record<string, string>;
  body: Readable;
}

export interface UrlService {
  info(url: string): Promise<UrlInfo>;
  proxy(url: string): Promise<ProxiedBody>;
  presign(actor: Actor, body: UrlPresignBody): Promise<PresignResult>;
  commit(actor: Actor, body: UrlCommitBody): Promise<FileShareCreated>;
  multipartInit(actor: Actor, body: UrlMultipartInitBody): Promise<MultipartInitResult>;
  multipartComplete(actor: Actor, body: UrlMultipartCompleteBody): Promise<FileShareCreated>;
  multipartAbort(actor: Actor, body: UrlMultipartAbortBody): Promise<AbortResult>;
  cancel(actor: Actor, fileId: string): Promise<CancelResult>;
}

function checkUrl(url: string): string {
  const problem = httpUrlProblem(url);
  if (problem) throw badRequest(`body.url: ${problem}`);
  return url;
}

const upstreamStatus = (res: GuardedResponse) =>
  new AppError(502, 'UPSTREAM_FAILED', `${res.url.host} answered HTTP ${res.status}`);

export function createUrlService(deps: UrlServiceDeps, test: UrlServiceTestOptions = {}): UrlService {
  const guard = createSsrfGuard({ allowPrivate: deps.allowPrivateUrls, ...test });

  return {
    async info(url) {
      checkUrl(url);
      let res = await guardedFetch(guard, url, { method: 'HEAD' });
      res.body.resume();
      let size = remoteSize(res);
      // Servers that refuse HEAD or hide the length often answer a one-byte range.
      if (res.status >= 400 || size === null) {
        const ranged = await guardedFetch(guard, url, { method: 'GET', headers: { range: 'bytes=0-0' } });
        ranged.body.destroy();
        if (ranged.status < 400) {
          res = ranged;
          size = remoteSize(ranged);
        }
      }
      if (res.status >= 400) throw upstreamStatus(res);
      return {
        url,
        final_url: res.url.toString(),
        filename: remoteFilename(res),
        size,
        mimetype: remoteMimetype(res),
        accepts_ranges: res.status === 206 || /bytes/i.test(String(res.headers['accept-ranges'] ?? '')),
      };
    },

    async proxy(url) {
      checkUrl(url);
      const limit = await deps.maxUploadBytes();
      const res = await guardedFetch(guard, url, { method: 'GET' });
      if (res.status < 200 || res.status >= 300) {
        res.body.destroy();
        throw upstreamStatus(res);
      }
      const length = remoteSize(res);
      if (length !== null && length > limit) {
        res.body.destroy();
        throw new AppError(
          413,
          'PAYLOAD_TOO_LARGE',
          `the remote file has ${length} bytes; the limit is ${limit}`,
        );
      }
      const limited = byteLimit(limit);
      res.body.on('error', (err) => limited.destroy(err));
      limited.on('error', () => res.body.destroy());
      res.body.pipe(limited);
      // Remote bytes are never rendered from our origin: a download, with the served bytes' safety headers.
      const shown = presentation(remoteMimetype(res), remoteFilename(res), 'download');
      const headers: Record<string, string> = {
        ...safetyHeaders(shown),
        'Content-Type': shown.contentType,
        'Content-Disposition': contentDisposition(shown.disposition, remoteFilename(res)),
        'Cache-Control': 'no-store',
      };
      if (length !== null) headers['Content-Length'] = String(length);
      return { headers, body: limited };
    },

    async presign(actor, body) {
      const url = checkUrl(body.url);
      const meta = body.metadata ?? {};
      const filename =
        body.filename ??
        meta.filename ??
        (decodeURIComponent(new URL(url).pathname.split('/').pop() || '') || 'download');
      return deps.presign.presignFromUrl(actor, body.s3_config_id, {
        filename,
        mimetype: body.mimetype ?? meta.mimetype ?? meta.contentType ?? null,
        size: body.size ?? meta.size ?? null,
        path: body.path,
        slug: body.slug,
        remark: body.remark,
        password: body.password,
        expires_in: body.expires_in,
        max_views: body.max_views,
        encrypted: body.encrypted,
        source_url: url,
      });
    },

    commit(actor, body) {
      return deps.presign.commit(actor, body);
    },

    multipartInit(actor, body) {
      const { url, ...rest } = body;
      return deps.multipart.init(actor, rest, checkUrl(url));
    },

    multipartComplete(actor, body) {
      return deps.multipart.complete(actor, body);
    },

    multipartAbort(actor, body) {
      return deps.multipart.abort(actor, body);
    },

    cancel(actor, fileId) {
      return deps.presign.cancel(actor, fileId);
    },
  };
}
