/** DELETE (RFC 4918 9.6): the resource and everything below it; the fs service drops its dead properties and locks. */
import { checkPreconditions, type DavHandler } from '../davRequest.ts';
import { DavStatus, parentOf } from '../paths.ts';

export const del: DavHandler = async (req) => {
  const { ctx, deps, actor, path } = req;
  if (path === '/') throw new DavStatus(403, 'the root cannot be deleted');
  const entry = await deps.fs.stat(actor, path);
  if (!entry) throw new DavStatus(404, `${path} not found`);
  await checkPreconditions(req, { trees: [path], parents: [parentOf(path)] });
  await deps.fs.remove(actor, path);
  ctx.status = 204;
};
