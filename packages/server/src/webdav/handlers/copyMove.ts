/**
 * COPY and MOVE (RFC 4918 9.8, 9.9): Depth (COPY 0 or infinity, MOVE infinity), Overwrite (412 on F when
 * the destination exists), across mounts and storages through the fs service, which carries dead
 * properties along and leaves locks behind (a MOVE drops the source's). The Destination must be on this
 * server (502 otherwise).
 */
import { randomUUID } from 'node:crypto';
import { joinVirtual } from '../../fs/paths.ts';
import type { DavEntry } from '../davFs.ts';
import { checkPreconditions, type DavHandler, type DavRequest } from '../davRequest.ts';
import { DavStatus, destinationPath, isWithin, parentOf } from '../paths.ts';

/** The hosts a Destination URL may name: the request's own, and the public URL's. */
function ownHosts(req: DavRequest): string[] {
  const publicUrl = req.deps.publicUrl();
  return [req.ctx.get('host'), req.ctx.host, ...(URL.canParse(publicUrl) ? [new URL(publicUrl).host] : [])];
}

/**
 * COPY (or a MOVE across mounts) onto an existing resource (Overwrite: T): the copy is written before
 * the target goes, so a copy that fails leaves the target as it was. A file over a file is replaced in
 * place (storage swaps the object whole); anything else is copied to a hidden sibling, then the target
 * removed and the sibling renamed into its place (RFC 4918 9.8.4: nothing of the old target remains).
 */
async function copyOver(
  req: DavRequest,
  source: DavEntry,
  existing: DavEntry,
  target: string,
  shallow: boolean,
) {
  const { deps, actor, path } = req;
  if (!source.isCollection && !existing.isCollection) {
    await deps.fs.copy(actor, path, target, { shallow });
    return;
  }
  const staging = joinVirtual(parentOf(target), `.clip-copy-${randomUUID()}`);
  try {
    await deps.fs.copy(actor, path, staging, { shallow });
  } catch (err) {
    await deps.fs.remove(actor, staging).catch(() => undefined);
    throw err;
  }
  await deps.fs.remove(actor, target);
  await deps.fs.move(actor, staging, target);
}

function copyOrMove(kind: 'copy' | 'move'): DavHandler {
  return async (req) => {
    const { ctx, deps, actor, path } = req;
    const target = destinationPath(ctx.get('destination') || undefined, ownHosts(req));
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

    const shallow = depth === '0';
    if (kind === 'copy') {
      if (existing) await copyOver(req, source, existing, target, shallow);
      else await deps.fs.copy(actor, path, target, { shallow });
    } else if (existing && !(await deps.fs.sameMount(actor, path, target))) {
      // Across mounts a move is a copy then a delete: the copy lands before the destination goes.
      await copyOver(req, source, existing, target, false);
      await deps.fs.remove(actor, path);
    } else {
      // Overwrite within a mount: the destination is deleted first (RFC 4918 9.9.3), then a rename.
      if (existing) await deps.fs.remove(actor, target);
      await deps.fs.move(actor, path, target);
    }
    ctx.status = existing ? 204 : 201;
  };
}

export const copy = copyOrMove('copy');
export const move = copyOrMove('move');
