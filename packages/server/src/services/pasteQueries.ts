/**
 * The SQL of text shares. Counting a view is one conditional `UPDATE ... RETURNING` so the database,
 * not the process, decides which of many simultaneous reads are within `max_views`. The same call bumps
 * the dashboard's views-per-day counter without another round trip.
 */
import type { Knex } from 'knex';
import type { Dialect } from '../db/connect.ts';
import { utcDay } from './activity.ts';

export interface PasteRow {
  id: string;
  slug: string;
  title: string | null;
  content: string;
  format: string;
  remark: string | null;
  password_hash: string | null;
  expires_at: number | null;
  max_views: number;
  views: number;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** What a content read answers: the row without secrets. */
export type ReadRow = Omit<PasteRow, 'password_hash' | 'created_by' | 'updated_at'>;

const READ_COLUMNS = 'id, slug, title, content, format, remark, expires_at, max_views, views, created_at';
/** A share still serves content: not expired and not used up. */
const LIVE = '(max_views = 0 OR views < max_views) AND (expires_at IS NULL OR expires_at > ?)';

const COUNT_UNPROTECTED = `UPDATE pastes SET views = views + 1
  WHERE slug = ? AND password_hash IS NULL AND ${LIVE} RETURNING ${READ_COLUMNS}`;
const COUNT_VERIFIED = `UPDATE pastes SET views = views + 1
  WHERE id = ? AND password_hash = ? AND ${LIVE} RETURNING ${READ_COLUMNS}`;

export function isLive(row: Pick<PasteRow, 'max_views' | 'views' | 'expires_at'>, now: number): boolean {
  return (
    (row.max_views === 0 || row.views < row.max_views) && (row.expires_at === null || row.expires_at > now)
  );
}

export interface PasteQueries {
  /** Counts one view of an unprotected live share and answers it; null when that did not happen. */
  countUnprotected(slug: string, now: number): Promise<ReadRow | null>;
  /** Counts one view of a protected share whose password was just verified against `passwordHash`. */
  countVerified(id: string, passwordHash: string, now: number): Promise<ReadRow | null>;
  bySlug(slug: string): Promise<PasteRow | null>;
  /** Deletes expired and used-up shares; plain conditional DELETE, safe with several instances. */
  deleteDead(now: number, createdBy?: string[] | null): Promise<number>;
}

/** `?` placeholders to Postgres' `$1, $2, ...`; answers the SQL and the number of placeholders. */
function numbered(sql: string): [string, number] {
  let n = 0;
  return [sql.replace(/\?/g, () => `$${++n}`), n];
}

/** The dashboard's views-per-day counter (services/activity.ts, share_views_daily), bumped with each counted view. */
const TALLY_SQLITE = `INSERT INTO share_views_daily (day, kind, count) VALUES (?, 'text', 1)
  ON CONFLICT (day, kind) DO UPDATE SET count = count + 1`;

interface SqliteStatement {
  all(...bindings: unknown[]): unknown[];
  run(...bindings: unknown[]): unknown;
}
type SqliteConnection = { prepare(sql: string): SqliteStatement };
type PgConnection = {
  query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
};

/** A counting read: prepared once per connection; on Postgres the day's tally rides in the same statement. */
interface HotStatement {
  name: string;
  sqlite: string;
  postgres: string;
}
function hotStatement(name: string, update: string): HotStatement {
  const [sql, n] = numbered(update);
  // A data-modifying WITH runs once whether or not the outer query reads it: one round trip for both writes.
  const postgres = `WITH hit AS (${sql}),
    tally AS (INSERT INTO share_views_daily (day, kind, count) SELECT $${n + 1}, 'text', 1 FROM hit
      ON CONFLICT (day, kind) DO UPDATE SET count = share_views_daily.count + 1)
    SELECT * FROM hit`;
  return { name, sqlite: update, postgres };
}
const UNPROTECTED = hotStatement('paste_count_unprotected', COUNT_UNPROTECTED);
const VERIFIED = hotStatement('paste_count_verified', COUNT_VERIFIED);

export function createPasteQueries(knex: Knex, dialect: Dialect): PasteQueries {
  // Every read is a write, so its cost sets the read throughput: knex would compile and prepare the
  // statement on every call. Here it runs on a pooled connection (acquired and released through knex)
  // as a statement prepared once: a cached better-sqlite3 Statement, or a named Postgres statement.
  const sqliteStatements = new WeakMap<object, Map<string, SqliteStatement>>();

  function sqlitePrepared(connection: SqliteConnection, sql: string): SqliteStatement {
    let cache = sqliteStatements.get(connection);
    if (!cache) {
      cache = new Map();
      sqliteStatements.set(connection, cache);
    }
    let prepared = cache.get(sql);
    if (!prepared) {
      prepared = connection.prepare(sql);
      cache.set(sql, prepared);
    }
    return prepared;
  }

  async function countView<T>(statement: HotStatement, bindings: unknown[], now: number): Promise<T | null> {
    const day = utcDay(now);
    const connection = await knex.client.acquireConnection();
    try {
      if (dialect === 'postgres') {
        const result = await (connection as PgConnection).query({
          name: statement.name,
          text: statement.postgres,
          values: [...bindings, day],
        });
        return (result.rows[0] as T | undefined) ?? null;
      }
      const row = (sqlitePrepared(connection, statement.sqlite).all(...bindings)[0] as T | undefined) ?? null;
      if (row) {
        try {
          // Synchronous on the same connection: no second round trip through the pool.
          sqlitePrepared(connection, TALLY_SQLITE).run(day);
        } catch {
          // The dashboard counter is best effort (as in activity.ts); the view itself is already counted.
        }
      }
      return row;
    } finally {
      await knex.client.releaseConnection(connection);
    }
  }

  return {
    countUnprotected(slug, now) {
      return countView<ReadRow>(UNPROTECTED, [slug, now], now);
    },
    countVerified(id, passwordHash, now) {
      return countView<ReadRow>(VERIFIED, [id, passwordHash, now], now);
    },
    async bySlug(slug) {
      return (await knex<PasteRow>('pastes').where({ slug }).first()) ?? null;
    },
    async deleteDead(now, createdBy = null) {
      const query = knex('pastes').where((q) =>
        q
          .where((e) => e.whereNotNull('expires_at').andWhere('expires_at', '<=', now))
          .orWhere((u) => u.where('max_views', '>', 0).andWhereRaw('views >= max_views')),
      );
      if (createdBy) query.whereIn('created_by', createdBy);
      return query.delete();
    },
  };
}
