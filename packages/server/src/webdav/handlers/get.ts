/** GET and HEAD: streamed through the server with Range and ETag, or 307 to a presigned link (web_proxy=false). */
import { entityTag, notModified, parseRange, rangeStillValid } from '../../services/files/httpCaching.ts';
import { sendStream } from '../../services/files/sendStream.ts';
import type { DavHandler } from '../davRequest.ts';
import { DavStatus, hrefOf } from '../paths.ts';

export const get: DavHandler = async (req) => {
  const { ctx, deps, actor, path } = req;
  // A file is opened exactly as the API's download opens it; anything else is looked at by stat.
  const file = await deps.fs.openFile(actor, path);
  const entry = file?.entry ?? (await deps.fs.stat(actor, path));
  if (!entry) throw new DavStatus(404, `${path} not found`);
  if (!file) {
    if (!entry.isCollection) throw new DavStatus(404, `${path} not found`);
    // A collection has no content of its own; answer a plain list of its members for browsers.
    const children = ctx.method === 'HEAD' ? [] : await deps.fs.list(actor, path);
    ctx.status = 200;
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = ctx.method === 'HEAD' ? '' : children.map((c) => hrefOf(c.path, c.isCollection)).join('\n');
    return;
  }
  const redirect = await file.redirectUrl();
  if (redirect) {
    ctx.status = 307;
    ctx.set('Location', redirect);
    ctx.set('Cache-Control', 'no-store');
    return;
  }
  const validators = entry.etag
    ? { etag: entityTag(entry.etag), lastModified: entry.modified ?? new Date(0) }
    : null;
  ctx.set('Accept-Ranges', 'bytes');
  if (validators) {
    ctx.set('ETag', validators.etag);
    if (entry.modified) ctx.set('Last-Modified', entry.modified.toUTCString());
    if (
      notModified(
        { ifNoneMatch: ctx.get('if-none-match'), ifModifiedSince: ctx.get('if-modified-since') },
        validators,
      )
    ) {
      ctx.status = 304;
      return;
    }
  }
  const useRange = !validators || rangeStillValid(ctx.get('if-range') || undefined, validators);
  const range = useRange ? parseRange(ctx.get('range') || undefined, entry.size) : { kind: 'full' as const };
  if (range.kind === 'unsatisfiable') {
    ctx.status = 416;
    ctx.set('Content-Range', `bytes */${entry.size}`);
    return;
  }
  const type = entry.contentType ?? 'application/octet-stream';
  if (ctx.method === 'HEAD') {
    ctx.status = range.kind === 'partial' ? 206 : 200;
    ctx.type = type;
    ctx.length = range.kind === 'partial' ? range.end - range.start + 1 : entry.size;
    if (range.kind === 'partial') ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${entry.size}`);
    ctx.body = null;
    ctx.status = range.kind === 'partial' ? 206 : 200;
    ctx.length = range.kind === 'partial' ? range.end - range.start + 1 : entry.size;
    return;
  }
  const read = await file.read(range.kind === 'partial' ? { start: range.start, end: range.end } : undefined);
  ctx.status = range.kind === 'partial' ? 206 : 200;
  ctx.type = type;
  if (range.kind === 'partial') ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${read.size}`);
  ctx.length = read.length;
  sendStream(ctx, read.stream);
};
