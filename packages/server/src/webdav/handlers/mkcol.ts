/** MKCOL (RFC 4918 9.3): 405 when something exists, 409 without a parent collection, 415 with a body. */
import { checkPreconditions, type DavHandler, hasBody } from '../davRequest.ts';
import { DavStatus, parentOf } from '../paths.ts';

export const mkcol: DavHandler = async (req) => {
  const { ctx, deps, actor, path } = req;
  if (hasBody(ctx)) throw new DavStatus(415, 'MKCOL with a body is not supported');
  if (path === '/') throw new DavStatus(405, 'the root exists');
  if (await deps.fs.stat(actor, path)) throw new DavStatus(405, `${path} already exists`);
  const parent = await deps.fs.stat(actor, parentOf(path));
  if (!parent?.isCollection) throw new DavStatus(409, `the parent of ${path} is not a collection`);
  await checkPreconditions(req, { paths: [path], parents: [parentOf(path)] });
  await deps.fs.mkdir(actor, path);
  ctx.status = 201;
};
