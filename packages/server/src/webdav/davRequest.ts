/** What every method handler gets, and the precondition checks they share (If header, locks). */
import type { WebdavUploadMode } from '@clip/sdk';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import type { Actor } from '../services/actor.ts';
import type { DavFs } from './davFs.ts';
import type { DeadProperties } from './deadProperties.ts';
import { evaluateIf, type IfList, parseIfHeader, submittedTokens } from './ifHeader.ts';
import type { DavLock, LockStore } from './lockStore.ts';
import { DavStatus, parentOf, virtualPath } from './paths.ts';

export interface DavDeps {
  fs: DavFs;
  props: DeadProperties;
  locks: LockStore;
  uploadMode(): Promise<WebdavUploadMode>;
  logger: Logger;
}

export interface DavRequest {
  ctx: Context;
  actor: Actor;
  /** The request's virtual path. */
  path: string;
  deps: DavDeps;
}

export type DavHandler = (req: DavRequest) => Promise<void>;

/** Reads a small XML request body (PROPFIND, PROPPATCH, LOCK) as text, with a size cap. */
export async function readSmallBody(ctx: Context, limit = 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new DavStatus(413, 'the XML body is too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** True when the request carries a body (Content-Length > 0 or chunked). */
export function hasBody(ctx: Context): boolean {
  const length = ctx.get('content-length');
  if (length) return Number(length) > 0;
  return Boolean(ctx.get('transfer-encoding'));
}

function ifLists(ctx: Context): IfList[] | null {
  const header = ctx.get('if');
  return header ? parseIfHeader(header) : null;
}

/** The virtual path of a tagged If resource (`<http://host/dav/a>` or `</dav/a>`). */
function taggedPath(resource: string): string {
  return virtualPath(new URL(resource, 'http://tag.invalid').pathname);
}

/**
 * RFC 4918 10.4: when an If header is present it must hold (else 412). Then every lock on what the
 * request changes needs its token among those submitted (else 423). `paths` are the resources
 * written; `trees` also need the locks anywhere below them (DELETE/MOVE of a collection);
 * `parents` are collections whose membership changes (a Depth 0 lock on them counts too).
 */
export async function checkPreconditions(
  req: DavRequest,
  targets: { paths?: string[]; trees?: string[]; parents?: string[] } = {},
): Promise<Set<string>> {
  const { deps } = req;
  const lists = ifLists(req.ctx);
  if (lists) {
    const holds = await evaluateIf(lists, async (resource) => {
      const path = resource === null ? req.path : taggedPath(resource);
      const [entry, locks] = await Promise.all([
        deps.fs.stat(req.actor, path).catch(() => null),
        deps.locks.covering(path),
      ]);
      return { etag: entry?.etag ?? null, lockTokens: new Set(locks.map((l) => l.token)) };
    });
    if (!holds) throw new DavStatus(412, 'the If header does not hold');
  }
  const tokens = lists ? submittedTokens(lists) : new Set<string>();
  const needed: DavLock[] = [];
  for (const p of targets.paths ?? []) needed.push(...(await deps.locks.covering(p)));
  for (const p of targets.trees ?? [])
    needed.push(...(await deps.locks.covering(p)), ...(await deps.locks.below(p)));
  for (const p of targets.parents ?? []) needed.push(...(await deps.locks.covering(p)));
  const missing = needed.filter((l) => !tokens.has(l.token));
  // Shared locks: holding any one of the shared locks on a resource is enough.
  const blocking = missing.filter(
    (l) =>
      l.scope === 'exclusive' ||
      !needed.some((o) => o.scope === 'shared' && o.path === l.path && tokens.has(o.token)),
  );
  if (blocking.length > 0)
    throw new DavStatus(423, 'the resource is locked and no lock token was given', 'lock-token-submitted');
  return tokens;
}

export const parentPath = parentOf;
