/**
 * The public side of a path share (`/public/s/{slug}`): the counted visit, the password check, and the
 * share opened for a list, a download or a ZIP. Every access acts as the share's owner as the owner stands
 * now (fs/linkIssuer.ts): a key deleted or expired, or without the mount permission or the basic path the
 * share's path needs, makes the share answer 404, as does a removed path or a disabled mount.
 *
 * A view is counted once per visit: a visit without a token counts one (one conditional UPDATE, exact
 * under concurrency) and hands out the token; a protected share counts its view at the password check,
 * which hands out the token. Visits, lists and downloads made with a token count nothing, and a token
 * keeps working for its hour after the view limit is reached. The owner's own requests count nothing.
 */
import type { PathShareVisit } from '@clip/sdk';
import type { Clock } from '../../clock.ts';
import type { LinkIssuers } from '../../fs/linkIssuer.ts';
import { baseNameOf } from '../../fs/paths.ts';
import type { FsItem, FsService } from '../../fs/types.ts';
import { AppError, notFound, unauthorized } from '../../http/appError.ts';
import type { Actor } from '../../services/actor.ts';
import type { PasswordChecks } from '../../services/passwordChecks.ts';
import { ownsRecord } from '../../services/permissions.ts';
import { isoOrNull } from '../../services/time.ts';
import { createCountedViews } from '../core/countedView.ts';
import { isExpired, isLive } from '../core/liveness.ts';
import type { ShareAccessTokens } from '../core/shareAccessTokens.ts';
import { isSlugShaped } from '../core/slugs.ts';
import { ownerIssuer } from './pathShareRules.ts';
import type { PathShareRow, PathShareStore } from './pathShareStore.ts';

/** What a public request brings: who is calling (the owner counts nothing) and the token, if any. */
export interface Visitor {
  caller: Actor;
  token?: string;
  clientAddress: string;
}

/** A share opened for one request: the row, the owner to act as, and the shared item as it is now. */
export interface OpenedShare {
  row: PathShareRow;
  owner: Actor;
  root: FsItem;
}

export interface PublicPathShares {
  /** The share's row before anything else is decided (the access log names the share from it). */
  probe(slug: string): Promise<PathShareRow | null>;
  visit(row: PathShareRow, visitor: Visitor): Promise<PathShareVisit>;
  /** What a visit would answer (404, 410), counting nothing: a HEAD from a link checker. */
  peek(row: PathShareRow, visitor: Visitor): Promise<void>;
  /** Checks the password (rate limited per client), counts the view, answers the token. */
  verify(row: PathShareRow, password: string, visitor: Visitor): Promise<{ token: string }>;
  /** For list, download and ZIP: needs a valid token or the owner's credentials. */
  open(row: PathShareRow, visitor: Visitor): Promise<OpenedShare>;
}

const missing = (slug: string) => notFound(`path share "${slug}" not found`);
/** 410s say which: the access log tells expired from used up by the code's reason. */
export const expiredError = (slug: string) =>
  new AppError(410, 'GONE', `path share "${slug}" has expired`, { data: { reason: 'expired' } });
export const usedUpError = (slug: string) =>
  new AppError(410, 'GONE', `path share "${slug}" has reached its view limit`, {
    data: { reason: 'used_up' },
  });
const passwordRequired = () =>
  new AppError(401, 'UNAUTHORIZED', 'this path share is protected: give its password', {
    data: { requires_password: true },
  });
const tokenRefused = () =>
  unauthorized('this share token is not valid for this path share or has expired: open the link again');

export function createPublicPathShares(deps: {
  store: PathShareStore;
  fs: FsService;
  issuers: LinkIssuers;
  passwords: PasswordChecks;
  tokens: ShareAccessTokens;
  clock: Clock;
}): PublicPathShares {
  const { store, fs, clock, tokens } = deps;

  const goneFor = (row: PathShareRow) =>
    isExpired(row, clock.now()) ? expiredError(row.slug) : usedUpError(row.slug);

  const views = createCountedViews<PathShareRow, PathShareRow>({
    store: {
      probe: (slug) => store.bySlug(slug),
      countUnprotected: store.countUnprotected,
      countVerified: store.countVerified,
    },
    passwords: deps.passwords,
    clock,
    missing,
    // Expiry was checked just before counting: a count that misses now means the views ran out.
    gone: usedUpError,
  });

  /** The owner as it stands now and the shared item: 404 when either is gone or out of the owner's reach. */
  async function reach(row: PathShareRow): Promise<{ owner: Actor; root: FsItem }> {
    const owner = await deps.issuers.actorFor(ownerIssuer(row.created_by));
    if (!owner) throw missing(row.slug);
    try {
      await fs.resolve(owner, row.path, 'read');
      const root = await fs.stat(owner, row.path);
      if (root) return { owner, root };
    } catch (err) {
      // The owner lost the path (403), the mount went away (404): the link shows nothing of why.
      if (err instanceof AppError && err.status < 500) throw missing(row.slug);
      throw err;
    }
    throw missing(row.slug);
  }

  const hasToken = (row: PathShareRow, visitor: Visitor) =>
    visitor.token !== undefined && tokens.valid(row, visitor.token, clock.now());

  function answer(row: PathShareRow, token: string | undefined): PathShareVisit {
    return {
      slug: row.slug,
      kind: row.kind,
      name: baseNameOf(row.path) || '/',
      requires_password: row.password_hash !== null,
      expires_at: isoOrNull(row.expires_at),
      ...(token === undefined ? {} : { token }),
    };
  }

  return {
    probe: (slug) => (isSlugShaped(slug) ? store.bySlug(slug) : Promise.resolve(null)),

    async visit(row, visitor) {
      if (isExpired(row, clock.now())) throw expiredError(row.slug);
      await reach(row);
      const now = clock.now();
      if (ownsRecord(visitor.caller, row.created_by) || hasToken(row, visitor))
        return answer(row, visitor.token && hasToken(row, visitor) ? visitor.token : tokens.issue(row, now));
      if (!isLive(row, now)) throw goneFor(row);
      if (visitor.token !== undefined) throw tokenRefused();
      const read = await views.readOpen(row.slug);
      if (read === 'locked') throw passwordRequired();
      return answer(read, tokens.issue(read, clock.now()));
    },

    async peek(row, visitor) {
      const now = clock.now();
      if (isExpired(row, now)) throw expiredError(row.slug);
      if (!isLive(row, now) && !ownsRecord(visitor.caller, row.created_by) && !hasToken(row, visitor))
        throw goneFor(row);
      await reach(row);
    },

    async verify(row, password, visitor) {
      if (!isLive(row, clock.now())) throw goneFor(row);
      await reach(row);
      if (ownsRecord(visitor.caller, row.created_by)) {
        // The owner counts nothing; a wrong password still spends the guessing budget.
        if (row.password_hash !== null)
          await views.checkPassword(row.password_hash, password, visitor.clientAddress);
        return { token: tokens.issue(row, clock.now()) };
      }
      // An open share counts its view here as at a visit, so no token comes without one.
      const { read } = await views.readWithPassword(row.slug, password, visitor.clientAddress);
      return { token: tokens.issue(read, clock.now()) };
    },

    async open(row, visitor) {
      if (isExpired(row, clock.now())) throw expiredError(row.slug);
      if (!ownsRecord(visitor.caller, row.created_by)) {
        if (visitor.token === undefined)
          throw row.password_hash === null
            ? unauthorized('visit the share first: its answer carries the token to send as X-Share-Token')
            : passwordRequired();
        if (!hasToken(row, visitor)) throw tokenRefused();
      }
      const { owner, root } = await reach(row);
      return { row, owner, root };
    },
  };
}
