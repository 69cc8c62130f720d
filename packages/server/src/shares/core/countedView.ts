/**
 * Spec section 5, the public read of any share kind: a view is counted by one conditional UPDATE (the
 * store's), so the database decides which of many simultaneous reads fall within `max_views`. Only when
 * the count misses does a probe tell the client why: 404 unknown, 410 expired or used up, or that the
 * share needs its password (checked through the password-check limiter, per client address).
 */
import type { Clock } from '../../clock.ts';
import { type AppError, unauthorized } from '../../http/appError.ts';
import type { PasswordChecks } from '../../services/passwordChecks.ts';
import { isLive, type Lifetime } from './liveness.ts';

/** What the counted view needs of a stored share. */
export interface ProbedShare extends Lifetime {
  id: string;
  password_hash: string | null;
}

/** The few operations each share kind's store implements for its public reads. */
export interface CountedViewStore<Row extends ProbedShare, Read> {
  /** The share as stored if it can serve at all (a kind may hide rows, e.g. uploads not yet ready); null for unknown. */
  probe(slug: string): Promise<Row | null>;
  /** Counts one view of an unprotected live share and answers it; null when that did not happen. */
  countUnprotected(slug: string, now: number): Promise<Read | null>;
  /** Counts one view of a protected live share whose password was just verified against `passwordHash`. */
  countVerified(id: string, passwordHash: string, now: number): Promise<Read | null>;
}

export interface CountedViewDeps<Row extends ProbedShare, Read> {
  store: CountedViewStore<Row, Read>;
  passwords: PasswordChecks;
  clock: Clock;
  /** The kind's 404 and 410, which name it ("text share", "file share"). */
  missing(slug: string): AppError;
  gone(slug: string): AppError;
}

export interface CountedViews<Row extends ProbedShare, Read> {
  /** The share as it stands, or 404 (unknown) / 410 (expired, used up): what a failed count means. */
  requireLive(slug: string): Promise<Row>;
  /** Counts a view without a password: the read, or 'locked' when the share has one. */
  readOpen(slug: string): Promise<Read | 'locked'>;
  /** Rate limited per client address; 401 for a wrong one, 429 while locked out (even for the right one). */
  checkPassword(hash: string, password: string, clientAddress: string): Promise<void>;
  /** Checks the password (an unprotected share reads as without one) and counts the view. */
  readWithPassword(
    slug: string,
    password: string,
    clientAddress: string,
  ): Promise<{ read: Read; probe: Row }>;
}

const wrongPassword = () => unauthorized('wrong password', 'WRONG_PASSWORD');

export function createCountedViews<Row extends ProbedShare, Read>(
  deps: CountedViewDeps<Row, Read>,
): CountedViews<Row, Read> {
  const { store, clock } = deps;

  async function requireLive(slug: string): Promise<Row> {
    const row = await store.probe(slug);
    if (!row) throw deps.missing(slug);
    if (!isLive(row, clock.now())) throw deps.gone(slug);
    return row;
  }

  async function readOpen(slug: string): Promise<Read | 'locked'> {
    // Two tries: the probe can see a share that changed between the statements (password cleared, limit raised).
    for (let attempt = 0; attempt < 2; attempt++) {
      const read = await store.countUnprotected(slug, clock.now());
      if (read) return read;
      const probe = await requireLive(slug);
      if (probe.password_hash !== null) return 'locked';
    }
    throw deps.gone(slug);
  }

  async function checkPassword(hash: string, password: string, clientAddress: string): Promise<void> {
    // No reset on success: anyone can make a share with a known password, so success proves nothing.
    const ok = await deps.passwords.verify({
      limitKey: `share-password:${clientAddress}`,
      client: clientAddress,
      password,
      hash,
      onSuccess: 'refund',
    });
    if (!ok) throw wrongPassword();
  }

  return {
    requireLive,
    readOpen,
    checkPassword,
    async readWithPassword(slug, password, clientAddress) {
      const probe = await requireLive(slug);
      if (probe.password_hash === null) {
        const read = await readOpen(slug);
        if (read === 'locked') throw wrongPassword();
        return { read, probe };
      }
      await checkPassword(probe.password_hash, password, clientAddress);
      const read = await store.countVerified(probe.id, probe.password_hash, clock.now());
      if (read) return { read, probe };
      await requireLive(slug);
      throw deps.gone(slug);
    },
  };
}
