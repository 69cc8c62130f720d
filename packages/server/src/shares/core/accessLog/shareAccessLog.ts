/**
 * A share kind's side of the access log: an event for a read that worked, and for one that was refused
 * the outcome its error means. A refusal names the share only if it exists, so a probe of unknown slugs
 * logs nothing (there is no owner to show it to).
 */
import type { AccessAction, AccessOutcome, AccessShareKind } from '@clip/sdk/contract';
import type { Clock } from '../../../clock.ts';
import { AppError } from '../../../http/appError.ts';
import { isExpired, type Lifetime } from '../liveness.ts';
import type { AccessDetail, AccessRecorder } from './accessRecorder.ts';
import type { Visit } from './visit.ts';

/** What the log needs of a stored share. */
export interface LoggedShare extends Lifetime {
  id: string;
  created_by: string;
}

/** The outcome a refusal means; null when it is no refusal of an existing share (404, a server fault). */
export function outcomeOf(
  err: unknown,
  share: Pick<Lifetime, 'expires_at'>,
  now: number,
): AccessOutcome | null {
  if (!(err instanceof AppError) || err.status === 404 || err.status >= 500) return null;
  if (err.code === 'WRONG_PASSWORD') return 'wrong_password';
  if (err.status === 410) return isExpired(share, now) ? 'expired' : 'used_up';
  return 'refused';
}

export interface ShareAccessLog<Row extends LoggedShare> {
  /** The visit carries the credentials of this share's owner: count nothing, log nothing. */
  byOwner(visit: Visit, row: Pick<Row, 'created_by'>): boolean;
  ok(
    visit: Visit,
    row: Pick<Row, 'id' | 'created_by'>,
    action: AccessAction,
    extra?: Omit<AccessDetail, 'action' | 'outcome'>,
  ): void;
  /** Logs an outcome the kind decided without an error (a protected share visited without its password). */
  outcome(
    visit: Visit,
    row: Pick<Row, 'id' | 'created_by'>,
    action: AccessAction,
    outcome: AccessOutcome,
  ): void;
  /** Runs `work`; when it throws, logs what the error means for the share behind `slug`, then rethrows. */
  refusals<T>(visit: Visit, slug: string, action: AccessAction, work: () => Promise<T>): Promise<T>;
}

export function createShareAccessLog<Row extends LoggedShare>(deps: {
  log: AccessRecorder;
  kind: AccessShareKind;
  /** The stored share behind a slug, whatever its state; null when unknown. */
  probe(slug: string): Promise<Row | null>;
  clock: Clock;
}): ShareAccessLog<Row> {
  const { log, kind } = deps;
  const shareOf = (row: Pick<Row, 'id' | 'created_by'>) => ({ kind, id: row.id, owner: row.created_by });

  return {
    byOwner: (visit, row) => log.isOwner(visit, row.created_by),
    ok(visit, row, action, extra = {}) {
      log.record(visit, shareOf(row), { ...extra, action, outcome: 'ok' });
    },
    outcome(visit, row, action, outcome) {
      log.record(visit, shareOf(row), { action, outcome });
    },
    async refusals(visit, slug, action, work) {
      try {
        return await work();
      } catch (err) {
        if (err instanceof AppError && err.status !== 404 && err.status < 500) {
          // Only refusals pay for this lookup; a failing lookup must not replace the answer.
          const row = await deps.probe(slug).catch(() => null);
          const outcome = row && outcomeOf(err, row, deps.clock.now());
          if (row && outcome) log.record(visit, shareOf(row), { action, outcome });
        }
        throw err;
      }
    },
  };
}
