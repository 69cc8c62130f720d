/**
 * PUT (RFC 4918 9.7): 201 created, 204 replaced, 409 without a parent collection. The body streams to the
 * fs service, which picks direct / multipart / presigned from `webdav_upload_mode`; a body shorter or longer
 * than Content-Length or X-Expected-Entity-Length is refused and the old object stays.
 */
import { uploadContentType } from '@clip/sdk/contract';
import { checkPreconditions, type DavHandler } from '../davRequest.ts';
import { mtimeProperty, parseOcMtime } from '../mtime.ts';
import { baseName, DavStatus, parentOf } from '../paths.ts';

function declaredSize(header: string | undefined): number | null {
  if (!header) return null;
  if (!/^\d+$/.test(header.trim())) throw new DavStatus(400, 'the declared length is not a number');
  return Number(header.trim());
}

export const put: DavHandler = async (req) => {
  const { ctx, deps, actor, path } = req;
  if (path === '/') throw new DavStatus(405, 'the root is a collection');
  const existing = await deps.fs.stat(actor, path);
  if (existing?.isCollection) throw new DavStatus(405, `${path} is a collection`);
  const parent = await deps.fs.stat(actor, parentOf(path));
  if (!parent?.isCollection) throw new DavStatus(409, `the parent of ${path} is not a collection`);
  await checkPreconditions(req, { paths: [path], parents: existing ? [] : [parentOf(path)] });

  const size =
    declaredSize(ctx.get('content-length') || undefined) ??
    declaredSize(ctx.get('x-expected-entity-length') || undefined);
  const mtime = parseOcMtime(ctx.get('x-oc-mtime') || undefined);
  const controller = new AbortController();
  ctx.req.once('aborted', () => controller.abort());
  ctx.req.once('close', () => {
    if (!ctx.req.complete) controller.abort();
  });
  const result = await deps.fs.write(actor, path, ctx.req, {
    size,
    contentType: uploadContentType(baseName(path), ctx.get('content-type') || null),
    mode: await deps.uploadMode(),
    modified: mtime ?? undefined,
    signal: controller.signal,
  });
  if (!existing) await deps.props.removeTree(path);
  if (mtime) {
    await deps.props.apply(path, [mtimeProperty(mtime)]);
    ctx.set('X-OC-Mtime', 'accepted');
  }
  if (result.etag) ctx.set('ETag', `"${result.etag.replace(/^W\//, '').replace(/"/g, '')}"`);
  ctx.status = existing ? 204 : 201;
};
