/**
 * download / preview of a file-system path over HTTP: Range, ETag/Last-Modified with 304, a safe
 * Content-Disposition, and the file-share rules for inline content (HTML, SVG, XML and scripts are never
 * rendered from our origin: they are served as text/plain). `web_proxy=false` mounts redirect to a
 * presigned link instead.
 */
import type { Context } from 'koa';
import type { FsFileHandle, FsLinkMode, FsService } from '../../fs/types.ts';
import { RAW } from '../../http/envelope.ts';
import {
  contentDisposition,
  entityTag,
  notModified,
  parseRange,
  rangeStillValid,
  type Validators,
} from '../../services/files/httpCaching.ts';
import { isHtml, viewMode } from '../../services/files/mimetypes.ts';
import { sendStream } from '../../services/files/sendStream.ts';

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

/**
 * An HTML file rendered for the explorer's preview frame: scripts may run, but under a CSP sandbox
 * without allow-same-origin the page has an opaque origin (none of our storage, cookies or DOM), loads
 * nothing from anywhere, and only our own pages may frame it.
 */
const HTML_RENDER_CSP =
  "sandbox allow-scripts; default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

export async function serveFsFile(
  ctx: Context,
  fs: FsService,
  file: FsFileHandle,
  mode: FsLinkMode,
  options: { renderHtml?: boolean } = {},
): Promise<void> {
  const redirect = await fs.redirectUrl(file.resolved, mode);
  if (redirect) {
    ctx.state[RAW] = true;
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(redirect);
    return;
  }
  const { item } = file;
  const mimetype = item.mimetype ?? 'application/octet-stream';
  const renderHtml = mode === 'preview' && options.renderHtml === true && isHtml(mimetype, item.name);
  const view = mode === 'preview' ? viewMode(mimetype, item.name) : null;
  const disposition = renderHtml || (view && view.kind !== 'attachment') ? 'inline' : 'attachment';
  const contentType = renderHtml
    ? 'text/html; charset=utf-8'
    : view?.kind === 'text'
      ? 'text/plain; charset=utf-8'
      : view?.kind === 'inline'
        ? view.contentType
        : mimetype;
  const size = item.size ?? 0;
  const modified = item.modified ? new Date(item.modified) : new Date(0);
  const validators: Validators = {
    etag: entityTag(item.etag ?? `${size.toString(16)}-${modified.getTime().toString(16)}`),
    lastModified: modified,
  };
  ctx.set(guardHeaders(contentType === 'application/pdf'));
  if (renderHtml) ctx.set('Content-Security-Policy', HTML_RENDER_CSP);
  ctx.set('ETag', validators.etag);
  ctx.set('Last-Modified', validators.lastModified.toUTCString());
  ctx.set('Accept-Ranges', 'bytes');
  const conditional = {
    ifNoneMatch: ctx.get('if-none-match') || undefined,
    ifModifiedSince: ctx.get('if-modified-since') || undefined,
  };
  if (notModified(conditional, validators)) {
    ctx.state[RAW] = true;
    ctx.status = 304;
    return;
  }
  const range = rangeStillValid(ctx.get('if-range') || undefined, validators)
    ? parseRange(ctx.get('range') || undefined, size)
    : { kind: 'full' as const };
  if (range.kind === 'unsatisfiable') {
    ctx.set('Content-Range', `bytes */${size}`);
    ctx.state[RAW] = true;
    ctx.status = 416;
    return;
  }
  const partial = range.kind === 'partial';
  const start = partial ? range.start : 0;
  const end = partial ? range.end : size - 1;
  ctx.set('Content-Disposition', contentDisposition(disposition, item.name));
  ctx.state[RAW] = true;
  if (ctx.method === 'HEAD') {
    ctx.status = partial ? 206 : 200;
    ctx.type = contentType;
    ctx.length = Math.max(0, end - start + 1);
    if (partial) ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
    return;
  }
  const read = await file.read(partial && size > 0 ? { start, end } : undefined);
  ctx.status = partial ? 206 : 200;
  ctx.type = contentType;
  ctx.length = read.length;
  if (partial) ctx.set('Content-Range', `bytes ${start}-${start + read.length - 1}/${read.size}`);
  sendStream(ctx, read.stream);
}
