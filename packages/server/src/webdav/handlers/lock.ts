/**
 * LOCK and UNLOCK (RFC 4918 9.10, 9.11): exclusive and shared write locks, Depth 0 or infinity, refresh
 * (no body, the token in If), timeouts capped at an hour. LOCK on an unmapped URL creates an empty
 * resource (201), RFC 4918's successor of lock-null resources. Locks live in the database. Taking or
 * refreshing a lock needs write access to the path, as PUT does: nothing above the mounts is lockable.
 * A lock is its creator's (lockOwnership.ts).
 */
import { Readable } from 'node:stream';
import type { Element } from '@xmldom/xmldom';
import { type DavLock, parseTimeout } from '../../fs/lockStore.ts';
import { AppError } from '../../http/appError.ts';
import { creatorId } from '../../services/actor.ts';
import { checkPreconditions, type DavDeps, type DavHandler, readSmallBody } from '../davRequest.ts';
import { parseIfHeader, submittedTokens } from '../ifHeader.ts';
import { activeLock } from '../liveProperties.ts';
import { mayRemoveLock, ownsLock } from '../lockOwnership.ts';
import { DavStatus, parentOf } from '../paths.ts';
import { childElements, dav, davXml, errorBody, firstDav, isDav, parseXml, serialize } from '../xml.ts';

function answerLock(ctx: Parameters<DavHandler>[0]['ctx'], lock: DavLock, status: number): void {
  ctx.status = status;
  ctx.type = 'application/xml; charset=utf-8';
  ctx.set('Lock-Token', `<${lock.token}>`);
  ctx.body = davXml('prop', dav('lockdiscovery', activeLock(lock, Date.now(), true)));
}

/** A conflicting lock answers 423 with the condition LOCK names (RFC 4918 9.10.6). */
async function takeLock(deps: DavDeps, input: Parameters<DavDeps['locks']['create']>[0]): Promise<DavLock> {
  try {
    return await deps.locks.create(input);
  } catch (err) {
    if (err instanceof AppError && err.status === 423)
      throw new DavStatus(423, err.message, 'no-conflicting-lock');
    throw err;
  }
}

export const lock: DavHandler = async (req) => {
  const { ctx, deps, actor, path } = req;
  await deps.fs.requireWritable(actor, path);
  const timeout = parseTimeout(ctx.get('timeout') || undefined);
  const doc = parseXml(await readSmallBody(ctx));

  if (!doc) {
    // Refresh: the lock named in If must apply to this resource.
    const header = ctx.get('if');
    if (!header) throw new DavStatus(400, 'a LOCK refresh needs the lock token in an If header');
    const tokens = submittedTokens(parseIfHeader(header));
    const named = (await deps.locks.covering(path)).filter((l) => tokens.has(l.token));
    const held = named.find((l) => ownsLock(actor, l));
    if (!held) {
      // Someone else's lock is theirs to refresh (RFC 4918 6.4).
      if (named.length > 0)
        throw new DavStatus(403, `the lock on "${named[0].path}" belongs to someone else`);
      ctx.status = 412;
      ctx.type = 'application/xml; charset=utf-8';
      ctx.body = errorBody('lock-token-matches-request-uri');
      return;
    }
    const refreshed = await deps.locks.refresh(held.token, timeout);
    if (!refreshed) throw new DavStatus(412, 'the lock expired');
    ctx.status = 200;
    ctx.type = 'application/xml; charset=utf-8';
    ctx.body = davXml('prop', dav('lockdiscovery', activeLock(refreshed, Date.now(), true)));
    return;
  }

  const info = doc.documentElement as Element;
  if (!isDav(info, 'lockinfo')) throw new DavStatus(400, 'the body must be a DAV:lockinfo element');
  const scopeEl = firstDav(info, 'lockscope');
  const scope = scopeEl && childElements(scopeEl).find((el) => isDav(el, 'exclusive') || isDav(el, 'shared'));
  const typeEl = firstDav(info, 'locktype');
  if (!scope || !typeEl || !firstDav(typeEl, 'write'))
    throw new DavStatus(400, 'lockinfo needs a lockscope and a write locktype');
  const owner = firstDav(info, 'owner');
  const depthHeader = (ctx.get('depth') || 'infinity').toLowerCase();
  if (depthHeader !== '0' && depthHeader !== 'infinity')
    throw new DavStatus(400, 'LOCK Depth must be 0 or infinity');

  const entry = await deps.fs.stat(actor, path);
  if (!entry) {
    const parent = await deps.fs.stat(actor, parentOf(path));
    if (!parent?.isCollection) throw new DavStatus(409, `the parent of ${path} is not a collection`);
  }
  if (ctx.get('if')) await checkPreconditions(req);
  const created = await takeLock(deps, {
    path,
    depth: entry?.isCollection ? (depthHeader as '0' | 'infinity') : '0',
    scope: scope.localName === 'shared' ? 'shared' : 'exclusive',
    ownerXml: owner ? serialize(owner) : null,
    principal: creatorId(actor),
    timeoutSeconds: timeout,
  });
  if (!entry) {
    try {
      // The new lock covers the new resource: this write holds its token.
      await deps.fsWithTokens([created.token]).write(actor, path, Readable.from([]), {
        size: 0,
        contentType: 'application/octet-stream',
        mode: 'direct',
      });
    } catch (err) {
      await deps.locks.remove(created.token);
      throw err;
    }
  }
  answerLock(ctx, created, entry ? 200 : 201);
};

/** UNLOCK: by the lock's creator, or the admin breaking it (RFC 4918 9.11.1: 403 for anyone else). */
export const unlock: DavHandler = async (req) => {
  const { ctx, deps, actor, path } = req;
  const m = /^\s*<([^>]+)>\s*$/.exec(ctx.get('lock-token'));
  if (!m) throw new DavStatus(400, 'the Lock-Token header is missing or malformed');
  const named = (await deps.locks.covering(path)).find((l) => l.token === m[1]);
  if (!named) {
    ctx.status = 409;
    ctx.type = 'application/xml; charset=utf-8';
    ctx.body = errorBody('lock-token-matches-request-uri');
    return;
  }
  if (!mayRemoveLock(actor, named))
    throw new DavStatus(
      403,
      `the lock on "${named.path}" belongs to someone else: only its creator or the administrator may remove it`,
    );
  await deps.locks.remove(named.token);
  ctx.status = 204;
};
