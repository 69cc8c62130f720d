/**
 * download / preview of a file-system path over HTTP, served by serving/serveBytes.ts (its safety
 * headers, Range, ETag/304). `web_proxy=false` mounts redirect to a presigned link instead.
 */
import type { Context } from 'koa';
import type { FsFileHandle, FsLinkMode, FsService } from '../../fs/types.ts';
import { RAW } from '../../http/envelope.ts';
import { type Presentation, presentation } from '../../serving/presentation.ts';
import { serveBytes } from '../../serving/serveBytes.ts';
import { isHtml } from '../../uploads/mimetypes.ts';

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
  const shown: Presentation = renderHtml
    ? { contentType: 'text/html; charset=utf-8', disposition: 'inline', csp: HTML_RENDER_CSP }
    : presentation(mimetype, item.name, mode === 'preview' ? 'view' : 'download');
  const size = item.size ?? 0;
  const modified = item.modified ? new Date(item.modified) : new Date(0);
  await serveBytes(
    ctx,
    {
      name: item.name,
      size,
      etag: item.etag ?? `${size.toString(16)}-${modified.getTime().toString(16)}`,
      modified,
      read: (range) => file.read(range),
    },
    shown,
  );
}
