/** What every method handler gets, and the precondition checks they share (If header, locks). */
import type { WebdavUploadMode } from '@clip/sdk';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import type { DeadProperties } from '../fs/deadPropertyStore.ts';
import { createLockGuard } from '../fs/lockGuard.ts';
import type { LockStore } from '../fs/lockStore.ts';
import { AppError } from '../http/appError.ts';
import { type Actor, creatorId } from '../services/actor.ts';
import type { DavFs } from './davFs.ts';
import { evaluateIf, type IfList, parseIfHeader, submittedTokens } from './ifHeader.ts';
import { DavStatus, parentOf, virtualPath } from './paths.ts';

export interface DavDeps {
  fs: DavFs;
  /** `fs` for a request that submitted these lock tokens: the fs service lets their locks' writes through. */
  fsWithTokens(tokens: Iterable<string>): DavFs;
  props: DeadProperties;
  locks: LockStore;
  uploadMode(): Promise<WebdavUploadMode>;
  /** The server's public URL: a Destination on its host is this server. */
  publicUrl(): string;
  logger: Logger;
}

export interface DavRequest {
  ctx: Context;
  actor: Actor;
  /** The request's virtual path. */
  path: string;
  /** Lock tokens the request submitted (If header) that belong to locks this actor created. */
  heldTokens: ReadonlySet<string>;
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
 * The If header's lock tokens that the actor may use: those of locks it created (RFC 4918 6.4). Another
 * actor's token, though it can be read, never lets a write through.
 */
export async function heldLockTokens(ctx: Context, locks: LockStore, actor: Actor): Promise<Set<string>> {
  const lists = ifLists(ctx);
  return lists ? locks.heldBy(submittedTokens(lists), creatorId(actor)) : new Set();
}

/**
 * RFC 4918 10.4: when an If header is present it must hold (else 412). Then every lock on what the
 * request changes needs its token among those the actor submitted and holds (else 423). `paths` are
 * the resources written; `trees` also need the locks anywhere below them (DELETE/MOVE of a collection);
 * `parents` are collections whose membership changes (a Depth 0 lock on them counts too).
 */
export async function checkPreconditions(
  req: DavRequest,
  targets: { paths?: string[]; trees?: string[]; parents?: string[] } = {},
): Promise<void> {
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
  // The same rule the fs service applies to every write; checked here too, before anything changes
  // (a COPY removes its target first) and with its own condition in the answer.
  try {
    await createLockGuard(deps.locks, req.heldTokens)(targets);
  } catch (err) {
    if (err instanceof AppError && err.status === 423)
      throw new DavStatus(423, err.message, 'lock-token-submitted');
    throw err;
  }
}

export const parentPath = parentOf;
