/** The SQL of `path_shares`: the only writer of the table. */
import type { Knex } from 'knex';
import type { Dialect } from '../../db/connect.ts';
import { loadModels } from '../../db/models/loadModels.ts';
import { LIVE_SQL } from '../core/liveness.ts';

export interface PathShareRow {
  id: string;
  slug: string;
  path: string;
  kind: 'file' | 'folder';
  password_hash: string | null;
  expires_at: number | null;
  max_views: number;
  views: number;
  remark: string | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}

export type PathShareChanges = Partial<
  Pick<PathShareRow, 'slug' | 'password_hash' | 'expires_at' | 'max_views' | 'remark' | 'updated_at'>
>;

/** One view counted in the statement that checks liveness: the database decides which reads fit the limit. */
const COUNT_UNPROTECTED = `UPDATE path_shares SET views = views + 1
  WHERE slug = ? AND password_hash IS NULL AND ${LIVE_SQL} RETURNING *`;
const COUNT_VERIFIED = `UPDATE path_shares SET views = views + 1
  WHERE id = ? AND password_hash = ? AND ${LIVE_SQL} RETURNING *`;

export interface PathShareStore {
  /** False when the slug is taken (nothing written). */
  insert(row: PathShareRow): Promise<boolean>;
  byId(id: string): Promise<PathShareRow | null>;
  bySlug(slug: string): Promise<PathShareRow | null>;
  countUnprotected(slug: string, now: number): Promise<PathShareRow | null>;
  countVerified(id: string, passwordHash: string, now: number): Promise<PathShareRow | null>;
  /** `creators` null = every share (the admin); `path` narrows to one exact path. Newest first. */
  list(options: {
    creators: string[] | null;
    path?: string;
    limit: number;
    offset: number;
  }): Promise<{ rows: PathShareRow[]; total: number }>;
  /** Null when the row is gone; throws the driver's unique violation for a taken slug. */
  update(id: string, changes: PathShareChanges): Promise<PathShareRow | null>;
  delete(id: string): Promise<boolean>;
}

const normalize = (row: PathShareRow): PathShareRow => ({
  ...row,
  expires_at: row.expires_at === null ? null : Number(row.expires_at),
  max_views: Number(row.max_views),
  views: Number(row.views),
  created_at: Number(row.created_at),
  updated_at: Number(row.updated_at),
});

export function createPathShareStore(knex: Knex, dialect: Dialect): PathShareStore {
  const table = () => knex<PathShareRow>('path_shares');
  // knex.raw answers an array on better-sqlite3 and a pg Result on Postgres.
  const firstRow = (result: unknown): PathShareRow | null => {
    const rows =
      (dialect === 'postgres' ? (result as { rows: PathShareRow[] }).rows : (result as PathShareRow[])) ?? [];
    return rows[0] ? normalize(rows[0]) : null;
  };
  const one = (row: PathShareRow | undefined) => (row ? normalize(row) : null);

  return {
    async insert(row) {
      // ON CONFLICT DO NOTHING: a taken slug must not abort a surrounding transaction (Postgres would).
      const inserted = await table().insert(row).onConflict('slug').ignore().returning('id');
      return inserted.length > 0;
    },
    async byId(id) {
      return one(await (await loadModels()).PathShareModel.query(knex).findById(id));
    },
    async bySlug(slug) {
      return one(await (await loadModels()).PathShareModel.query(knex).findOne({ slug }));
    },
    async countUnprotected(slug, now) {
      return firstRow(await knex.raw(COUNT_UNPROTECTED, [slug, now]));
    },
    async countVerified(id, passwordHash, now) {
      return firstRow(await knex.raw(COUNT_VERIFIED, [id, passwordHash, now]));
    },
    async list({ creators, path, limit, offset }) {
      const base = table();
      if (creators !== null) base.whereIn('created_by', creators);
      if (path !== undefined) base.where({ path });
      const [{ count }] = await base.clone().count<{ count: number | string }[]>({ count: '*' });
      const rows = await base
        .clone()
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(limit)
        .offset(offset);
      return { rows: rows.map(normalize), total: Number(count) };
    },
    async update(id, changes) {
      const [row] = await table().where({ id }).update(changes).returning('*');
      return one(row as PathShareRow | undefined);
    },
    async delete(id) {
      return (await (await loadModels()).PathShareModel.query(knex).deleteById(id)) > 0;
    },
  };
}
