/**
 * COPY and MOVE (RFC 4918 9.8, 9.9): Depth (COPY 0 or infinity, MOVE infinity), Overwrite (412 on F when
 * the destination exists), across mounts and storages through the fs service, which carries dead
 * properties along and leaves locks behind (a MOVE drops the source's).
 */
import { checkPreconditions, type DavHandler } from '../davRequest.ts';
import { DavStatus, destinationPath, isWithin, parentOf } from '../paths.ts';

function copyOrMove(kind: 'copy' | 'move'): DavHandler {
  return async (req) => {
    const { ctx, deps, actor, path } = req;
    const target = destinationPath(ctx.get('destination') || undefined);
    const depth = (ctx.get('depth') || 'infinity').toLowerCase();
    if (depth !== 'infinity' && !(kind === 'copy' && depth === '0'))
      throw new DavStatus(400, `Depth ${depth} is not allowed for ${kind.toUpperCase()}`);
    const overwrite = (ctx.get('overwrite') || 'T').toUpperCase();
    if (overwrite !== 'T' && overwrite !== 'F') throw new DavStatus(400, 'Overwrite must be T or F');
    if (path === '/' || target === '/') throw new DavStatus(403, 'the root cannot be copied or moved');
    if (target === path) throw new DavStatus(403, 'source and destination are the same');

    const source = await deps.fs.stat(actor, path);
    if (!source) throw new DavStatus(404, `${path} not found`);
    if (source.isCollection && isWithin(path, target))
      throw new DavStatus(403, 'a collection cannot be copied or moved into itself');
    const targetParent = await deps.fs.stat(actor, parentOf(target));
    if (!targetParent?.isCollection) throw new DavStatus(409, `the parent of ${target} is not a collection`);
    const existing = await deps.fs.stat(actor, target);
    if (existing && overwrite === 'F') throw new DavStatus(412, `${target} exists and Overwrite is F`);

    await checkPreconditions(req, {
      trees: kind === 'move' ? [path, target] : [target],
      parents: kind === 'move' ? [parentOf(path), parentOf(target)] : [parentOf(target)],
    });

    // Overwrite: the destination is deleted first (RFC 4918 9.8.4), its properties and locks with it.
    if (existing) await deps.fs.remove(actor, target);
    if (kind === 'copy') await deps.fs.copy(actor, path, target, { shallow: depth === '0' });
    else await deps.fs.move(actor, path, target);
    ctx.status = existing ? 204 : 201;
  };
}

export const copy = copyOrMove('copy');
export const move = copyOrMove('move');
