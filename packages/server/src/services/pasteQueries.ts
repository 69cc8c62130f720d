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

export function createPasteQueries(knex: Knex, dialect: Dialect): PasteQueries {
  // knex.raw answers an array on better-sqlite3 and a pg Result on Postgres.
  const firstRow = <T>(result: unknown): T | null => {
    const rows = (dialect === 'postgres' ? (result as { rows: T[] }).rows : (result as T[])) ?? [];
    return rows[0] ?? null;
  };
  return {
    async countUnprotected(slug, now) {
      return firstRow<ReadRow>(await knex.raw(COUNT_UNPROTECTED, [slug, now]));
    },
    async countVerified(id, passwordHash, now) {
      return firstRow<ReadRow>(await knex.raw(COUNT_VERIFIED, [id, passwordHash, now]));
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
