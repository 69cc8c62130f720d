/**
 * Counting the views of unprotected text shares in groups (ADR 0025). Every read is a write (its
 * view, and the dashboard's views-per-day tally), so a commit per read set the read throughput. Reads
 * that arrive in one event-loop turn are counted together (db/sameTurnBatch.ts): on SQLite one
 * transaction counts the reads of each share with conditional `UPDATE ... RETURNING`s and then bumps
 * the day's tally once by the number counted; on Postgres one statement counts the whole group. Each
 * read still counts exactly one view or none, the database still decides which reads fit `max_views`
 * and the expiry, and no read is answered before the transaction that counted it has committed.
 */
import {
  type HotStatement,
  type HotStatements,
  hotStatement,
  isSqliteConstraintError,
  type SqliteHotStatements,
} from '../../db/hotStatements.ts';
import { type Settled, sameTurnBatch, settle, settledValue } from '../../db/sameTurnBatch.ts';
import { utcDay } from '../../services/activity.ts';
import { LIVE_SQL } from '../core/liveness.ts';
import type { ReadRow } from './pasteRow.ts';

/** One read asking to count a view of `slug`, judged at `now`. */
export interface ViewRequest {
  slug: string;
  now: number;
}

/** Counts one view of an unprotected live share and answers it (its `views` this read's number), or null. */
export type CountView = (request: ViewRequest) => Promise<ReadRow | null>;

export const READ_COLUMNS =
  'id, slug, title, content, format, remark, expires_at, max_views, views, encrypted, created_by, created_at';

/** The dashboard's views-per-day counter (services/activity.ts, share_views_daily), bumped by `n`. */
export const TALLY = hotStatement(
  'paste_view_tally_n',
  `INSERT INTO share_views_daily (day, kind, count) VALUES (?, 'text', ?)
  ON CONFLICT (day, kind) DO UPDATE SET count = share_views_daily.count + excluded.count`,
);

const COUNT_ONE = hotStatement(
  'paste_count_unprotected_one',
  `UPDATE pastes SET views = views + 1
  WHERE slug = ? AND password_hash IS NULL AND ${LIVE_SQL} RETURNING ${READ_COLUMNS}`,
);

/** The day's tally inside a unit; best effort, as in activity.ts: the views themselves are counted. */
export function bumpTally(run: (s: HotStatement, values: unknown[]) => unknown, day: string, n: number) {
  try {
    run(TALLY, [day, n]);
  } catch {
    // The dashboard counter never fails a read.
  }
}

/**
 * A share without a view limit read `n` times in one turn: counted at once (ADR 0100). Its count is not
 * a limit, so the group's latest moment judges its expiry and the reads are numbered old + 1 ... old + n.
 * No row: the share is limited, protected, dead or unknown, and each read is judged on its own.
 */
const COUNT_UNLIMITED_N = hotStatement(
  'paste_count_unlimited_n',
  `UPDATE pastes SET views = views + ?
  WHERE slug = ? AND max_views = 0 AND password_hash IS NULL AND ${LIVE_SQL} RETURNING ${READ_COLUMNS}`,
);

/**
 * SQLite: the group's reads and one tally bump, in one transaction. The reads of a share asked for more
 * than once are one UPDATE when it has no view limit (a share passed around is read by many at once);
 * otherwise each read is its own conditional UPDATE, so the database decides which fit `max_views`.
 */
export function sqliteViewCounter(sqliteHot: SqliteHotStatements): CountView {
  return sameTurnBatch<ViewRequest, ReadRow | null>((requests) =>
    sqliteHot.unit((run) => {
      const outcomes: Settled<ReadRow | null>[] = new Array(requests.length);
      const latest = (asked: number[]) => asked.reduce((at, i) => Math.max(at, requests[i].now), 0);
      for (const [slug, asked] of readsBySlug(requests)) {
        // Adding to a count breaks no constraint, so no error here is one read's own: it fails the group.
        const counted =
          asked.length > 1 ? run<ReadRow>(COUNT_UNLIMITED_N, [asked.length, slug, latest(asked)])[0] : null;
        if (counted) {
          asked.forEach((i, k) => {
            outcomes[i] = settledValue({ ...counted, views: counted.views - asked.length + k + 1 });
          });
          continue;
        }
        for (const i of asked)
          outcomes[i] = settle(
            () => run<ReadRow>(COUNT_ONE, [slug, requests[i].now])[0] ?? null,
            isSqliteConstraintError,
          );
      }
      const perDay = new Map<string, number>();
      requests.forEach(({ now }, i) => {
        const outcome = outcomes[i];
        if (outcome.ok && outcome.value) perDay.set(utcDay(now), (perDay.get(utcDay(now)) ?? 0) + 1);
      });
      for (const [day, n] of perDay) bumpTally(run, day, n);
      return outcomes;
    }),
  );
}

/** The group's reads by share, each share's in arrival order (indexes into `requests`). */
function readsBySlug(requests: ViewRequest[]): Map<string, number[]> {
  const bySlug = new Map<string, number[]>();
  requests.forEach(({ slug }, i) => {
    const asked = bySlug.get(slug);
    if (asked) asked.push(i);
    else bySlug.set(slug, [i]);
  });
  return bySlug;
}

/**
 * Postgres: one statement for the group. Reads of one slug are one request for `n` views: the share's
 * row is locked (`FOR UPDATE`, which re-reads it should another transaction have changed it meanwhile),
 * granted as many as still fit, and set to `old + granted`; the tally grows by the sum in the same
 * statement. Rows are locked in id order (then the tally row), so two processes' groups cannot
 * deadlock on each other. `$2` is the group's latest `now`, so no read is judged earlier than it asked.
 * A group that counted only shares without a view limit commits without waiting for the WAL's flush
 * (`synchronous_commit` off for this transaction alone): those counts are statistics, and a Postgres
 * crash could at worst forget the last fraction of a second of them. A group that counted a limited
 * share keeps the database's durability, so a view that was served can never be handed out again
 * (ADR 0083).
 */
export const COUNT_GROUP = hotStatement(
  'paste_count_unprotected_group',
  '-- Postgres only',
  `WITH asked AS (
    SELECT slug, count(*)::int AS n FROM unnest($1::text[]) AS a(slug) GROUP BY slug
  ),
  cur AS (
    SELECT p.id, p.views AS old,
      CASE WHEN p.max_views = 0 THEN a.n ELSE LEAST(a.n, p.max_views - p.views) END AS granted
    FROM pastes p JOIN asked a ON a.slug = p.slug
    WHERE p.password_hash IS NULL AND (p.max_views = 0 OR p.views < p.max_views)
      AND (p.expires_at IS NULL OR p.expires_at > $2)
    ORDER BY p.id
    FOR UPDATE OF p
  ),
  hit AS (
    UPDATE pastes p SET views = cur.old + cur.granted FROM cur WHERE p.id = cur.id
    RETURNING p.id, p.slug, p.title, p.content, p.format, p.remark, p.expires_at, p.max_views, p.encrypted,
      p.created_by, p.created_at, cur.old, cur.granted
  ),
  tally AS (
    INSERT INTO share_views_daily (day, kind, count)
    SELECT $3, 'text', sum(granted) FROM hit HAVING count(*) > 0
    ON CONFLICT (day, kind) DO UPDATE SET count = share_views_daily.count + excluded.count
  ),
  durability AS (
    SELECT set_config('synchronous_commit',
      CASE WHEN bool_and(max_views = 0) THEN 'off' ELSE current_setting('synchronous_commit') END, true)
    FROM hit
  )
  SELECT hit.* FROM hit, durability`,
);

type GroupRow = Omit<ReadRow, 'views'> & { old: number; granted: number };

export function postgresViewCounter(hot: HotStatements): CountView {
  return sameTurnBatch<ViewRequest, ReadRow | null>(
    async (requests) => {
      // One element per read: `asked` counts them per slug.
      const slugs = requests.map((r) => r.slug);
      const now = requests.reduce((latest, r) => Math.max(latest, r.now), 0);
      const rows = await hot.rows<GroupRow>(COUNT_GROUP, [slugs, now, utcDay(now)]);
      const bySlug = new Map(rows.map((row) => [row.slug, { row, next: 0 }]));
      // The first `granted` reads of a slug, in arrival order, got a view each: old + 1, old + 2, ...
      return requests.map(({ slug }): Settled<ReadRow | null> => {
        const hit = bySlug.get(slug);
        if (!hit || hit.next >= hit.row.granted) return settledValue(null);
        const { old, granted: _granted, ...row } = hit.row;
        hit.next += 1;
        return settledValue({ ...row, views: old + hit.next });
      });
    },
    // Every group writes the day's tally row (and often a popular share's row): one group at a time.
    { oneAtATime: true },
  );
}
