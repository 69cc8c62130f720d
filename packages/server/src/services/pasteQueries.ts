/**
 * The SQL of text shares. Counting a view is one conditional `UPDATE ... RETURNING` so the database,
 * not the process, decides which of many simultaneous reads are within `max_views`.
 */
import type { Knex } from 'knex';
import type { Dialect } from '../db/connect.ts';

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

/** `?` placeholders to Postgres' `$1, $2, ...`. */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

interface SqliteStatement {
  all(...bindings: unknown[]): unknown[];
}
type SqliteConnection = { prepare(sql: string): SqliteStatement };
type PgConnection = {
  query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
};

/** A statement of the read hot path: prepared once per connection instead of once per request. */
interface HotStatement {
  name: string;
  sql: string;
  pgSql: string;
}
const hotStatement = (name: string, sql: string): HotStatement => ({ name, sql, pgSql: numbered(sql) });
const UNPROTECTED = hotStatement('paste_count_unprotected', COUNT_UNPROTECTED);
const VERIFIED = hotStatement('paste_count_verified', COUNT_VERIFIED);

export function createPasteQueries(knex: Knex, dialect: Dialect): PasteQueries {
  // Every read is a write, so its cost sets the read throughput: knex would compile and prepare the
  // statement on every call. Here it runs on a pooled connection (acquired and released through knex)
  // as a statement prepared once: a cached better-sqlite3 Statement, or a named Postgres statement.
  const sqliteStatements = new WeakMap<object, Map<string, SqliteStatement>>();

  async function runHot<T>(statement: HotStatement, bindings: unknown[]): Promise<T | null> {
    const connection = await knex.client.acquireConnection();
    try {
      if (dialect === 'postgres') {
        const result = await (connection as PgConnection).query({
          name: statement.name,
          text: statement.pgSql,
          values: bindings,
        });
        return (result.rows[0] as T | undefined) ?? null;
      }
      let cache = sqliteStatements.get(connection);
      if (!cache) {
        cache = new Map();
        sqliteStatements.set(connection, cache);
      }
      let prepared = cache.get(statement.name);
      if (!prepared) {
        prepared = (connection as SqliteConnection).prepare(statement.sql);
        cache.set(statement.name, prepared);
      }
      return (prepared.all(...bindings)[0] as T | undefined) ?? null;
    } finally {
      await knex.client.releaseConnection(connection);
    }
  }

  return {
    countUnprotected(slug, now) {
      return runHot<ReadRow>(UNPROTECTED, [slug, now]);
    },
    countVerified(id, passwordHash, now) {
      return runHot<ReadRow>(VERIFIED, [id, passwordHash, now]);
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
