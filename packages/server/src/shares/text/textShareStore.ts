/**
 * The SQL of text shares. Counting a view is a conditional `UPDATE ... RETURNING` so the database,
 * not the process, decides which of many simultaneous reads are within `max_views`; the same
 * transaction bumps the dashboard's views-per-day counter. Reads and inserts arriving in one
 * event-loop turn share one transaction (textViewCountStore.ts, db/sameTurnBatch.ts; ADR 0025). The
 * per-request statements are prepared once (db/hotStatements.ts).
 */
import type { Knex } from 'knex';
import {
  type HotStatement,
  type HotStatements,
  hotStatement,
  isSqliteConstraintError,
  numbered,
  type SqliteHotStatements,
} from '../../db/hotStatements.ts';
import { sameTurnBatch, settle, settledError, settledValue } from '../../db/sameTurnBatch.ts';
import { utcDay } from '../../services/activity.ts';
import { CREATION_TALLY, perDay, withCreationTally } from '../../services/creationTallyStore.ts';
import { LIVE_SQL } from '../core/liveness.ts';
import { createOwnedTextShares, type OwnedTextShares } from './ownedTextShareStore.ts';
import { PASTE_COLUMNS, type PasteRow, type ReadRow } from './pasteRow.ts';
import {
  bumpTally,
  type CountView,
  postgresViewCounter,
  READ_COLUMNS,
  sqliteViewCounter,
} from './textViewCountStore.ts';

const COUNT_VERIFIED = `UPDATE pastes SET views = views + 1
  WHERE id = ? AND password_hash = ? AND ${LIVE_SQL} RETURNING ${READ_COLUMNS}`;

/** Text shares' SQL: the public reads and creates here (hot statements), management in ownedTextShareStore.ts. */
export interface TextShareStore extends OwnedTextShares {
  /** Counts one view of an unprotected live share and answers it; null when that did not happen. */
  countUnprotected(slug: string, now: number): Promise<ReadRow | null>;
  /** Counts one view of a protected share whose password was just verified against `passwordHash`. */
  countVerified(id: string, passwordHash: string, now: number): Promise<ReadRow | null>;
  /** Inserts a new share (a unique violation on the slug is the caller's to handle). */
  insert(row: PasteRow): Promise<void>;
  bySlug(slug: string): Promise<PasteRow | null>;
}

/** A counting read; on Postgres the day's tally rides in the same statement (the last placeholder). */
function countingRead(name: string, update: string): HotStatement {
  const [sql, n] = numbered(update);
  // A data-modifying WITH runs once whether or not the outer query reads it: one round trip for both writes.
  const postgres = `WITH hit AS (${sql}),
    tally AS (INSERT INTO share_views_daily (day, kind, count) SELECT $${n + 1}, 'text', 1 FROM hit
      ON CONFLICT (day, kind) DO UPDATE SET count = share_views_daily.count + 1)
    SELECT * FROM hit`;
  return hotStatement(name, update, postgres);
}
const VERIFIED = countingRead('paste_count_verified', COUNT_VERIFIED);

const INSERT_ONE = `INSERT INTO pastes (${PASTE_COLUMNS.join(', ')}) VALUES (${PASTE_COLUMNS.map(() => '?').join(', ')})`;
/** SQLite: the insert alone (its unit bumps the creations tally); Postgres: the tally in the same statement. */
const INSERT = hotStatement(
  'paste_insert',
  INSERT_ONE,
  withCreationTally(`${numbered(INSERT_ONE)[0]} RETURNING id, created_at`, 'text'),
);

const ID_COLUMN = PASTE_COLUMNS.indexOf('id');
const CREATED_AT_COLUMN = PASTE_COLUMNS.indexOf('created_at');

/**
 * The share as stored: what tells a refused read 404 from 410. Hot, because a used-up or expired share
 * that stays popular answers every read through it.
 */
const BY_SLUG = hotStatement(
  'paste_by_slug',
  `SELECT ${PASTE_COLUMNS.join(', ')} FROM pastes WHERE slug = ?`,
);

/** The Postgres array type each column travels in when a group of rows is inserted at once. */
const COLUMN_ARRAY_TYPES: Record<(typeof PASTE_COLUMNS)[number], string> = {
  id: 'text[]',
  slug: 'text[]',
  title: 'text[]',
  content: 'text[]',
  format: 'text[]',
  remark: 'text[]',
  password_hash: 'text[]',
  expires_at: 'bigint[]',
  max_views: 'int[]',
  views: 'int[]',
  encrypted: 'boolean[]',
  created_by: 'text[]',
  created_at: 'bigint[]',
  updated_at: 'bigint[]',
};
/**
 * Postgres: a group of rows in one statement, one array per column, which also bumps the creations
 * tally by the rows inserted. A row whose slug is taken (also by another row of the group) is skipped
 * and missing from the answer: that caller gets a unique violation, as from its own INSERT.
 */
const INSERT_GROUP = hotStatement(
  'paste_insert_group',
  '-- Postgres only',
  withCreationTally(
    `INSERT INTO pastes (${PASTE_COLUMNS.join(', ')})
  SELECT * FROM unnest(${PASTE_COLUMNS.map((c, i) => `$${i + 1}::${COLUMN_ARRAY_TYPES[c]}`).join(', ')})
  ON CONFLICT (slug) DO NOTHING RETURNING id, created_at`,
    'text',
  ),
);

/** What a skipped row's caller gets: Postgres' unique-violation code, which the slug retry knows. */
function slugConflict(): Error {
  return Object.assign(new Error('duplicate key value violates unique constraint on pastes.slug'), {
    code: '23505',
  });
}

/** Postgres: the group (and its tally) in one statement; should it fail, each row alone, so an error stays its own row's. */
function postgresInsertGroup(hot: HotStatements) {
  return sameTurnBatch<unknown[], void>(async (rows) => {
    let inserted: Set<unknown>;
    try {
      const columns = PASTE_COLUMNS.map((_, c) => rows.map((values) => values[c]));
      inserted = new Set((await hot.rows<{ id: string }>(INSERT_GROUP, columns)).map((r) => r.id));
    } catch {
      return Promise.all(
        rows.map((values) =>
          hot.run(INSERT, values).then(
            () => settledValue(undefined),
            (error: unknown) => settledError<void>(error),
          ),
        ),
      );
    }
    return rows.map((values) =>
      inserted.has(values[ID_COLUMN]) ? settledValue(undefined) : settledError<void>(slugConflict()),
    );
  });
}

/** `sqliteHot` on SQLite, null on Postgres (where `hot` runs the counting read and its tally as one statement). */
export function createTextShareStore(
  knex: Knex,
  hot: HotStatements,
  sqliteHot: SqliteHotStatements | null,
): TextShareStore {
  // Every read is a write, so its cost sets the read throughput: the unprotected read (every public
  // link) is counted in groups; a read after a password check is rare and counted on its own.
  const countGroup: CountView = sqliteHot ? sqliteViewCounter(sqliteHot) : postgresViewCounter(hot);
  async function countOne(statement: HotStatement, bindings: unknown[], now: number) {
    const day = utcDay(now);
    if (!sqliteHot) return (await hot.rows<ReadRow>(statement, [...bindings, day]))[0] ?? null;
    // The view and the day's tally in one transaction: one commit to the WAL.
    return sqliteHot.unit((run) => {
      const row = run<ReadRow>(statement, bindings)[0] ?? null;
      if (row) bumpTally(run, day, 1);
      return row;
    });
  }
  // Creates of one turn share a commit. SQLite: a unique violation undoes only its own INSERT; the
  // creations tally grows once per day by the rows inserted, in the same transaction.
  const insertGroup = sqliteHot
    ? sameTurnBatch<unknown[], void>((rows) =>
        sqliteHot.unit((run) => {
          const outcomes = rows.map((values) =>
            settle(() => void run(INSERT, values), isSqliteConstraintError),
          );
          const created = rows
            .filter((_, i) => outcomes[i].ok)
            .map((values) => Number(values[CREATED_AT_COLUMN]));
          for (const [day, n] of perDay(created)) run(CREATION_TALLY, [day, 'text', n]);
          return outcomes;
        }),
      )
    : postgresInsertGroup(hot);

  return {
    ...createOwnedTextShares(knex),
    countUnprotected(slug, now) {
      return countGroup({ slug, now });
    },
    countVerified(id, passwordHash, now) {
      return countOne(VERIFIED, [id, passwordHash, now], now);
    },
    insert(row) {
      // SQLite binds no booleans; Postgres reads 1/0 as a boolean.
      return insertGroup(
        PASTE_COLUMNS.map((column) => (typeof row[column] === 'boolean' ? Number(row[column]) : row[column])),
      );
    },
    async bySlug(slug) {
      return (await hot.rows<PasteRow>(BY_SLUG, [slug]))[0] ?? null;
    },
  };
}
