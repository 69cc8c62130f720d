/**
 * The SQL of file shares. Counting a view is one conditional UPDATE so the database decides which of many
 * simultaneous reads fall within `max_views`; a custom slug is unique by constraint.
 */
import type { Knex } from 'knex';
import type { Dialect } from '../../db/connect.ts';
import { loadModels } from '../../db/models/loadModels.ts';
import { storageUsage } from '../../services/admission/admissionStore.ts';
import { countCreation } from '../../services/creationTallyStore.ts';
import { whereExpired, whereUsedUp } from '../../shares/core/deadShareSql.ts';
import { LIVE_SQL } from '../../shares/core/liveness.ts';
import { whereAnyContains } from '../../shares/core/searchSql.ts';

/** `deleting`: claimed by one delete (or sweep), which removes the object and then the record. */
export type FileStatus = 'pending' | 'ready' | 'deleting';

export interface FileShareRow {
  id: string;
  slug: string;
  filename: string;
  mimetype: string;
  size: number | null;
  path: string;
  storage_path: string;
  s3_config_id: string;
  etag: string | null;
  remark: string | null;
  password_hash: string | null;
  expires_in_hours: number | null;
  expires_at: number | null;
  max_views: number;
  views: number;
  last_viewed_at: number | null;
  created_by: string;
  status: FileStatus;
  upload_expires_at: number | null;
  source_url: string | null;
  /** End-to-end encrypted (the object is ciphertext). SQLite answers 0/1, Postgres a boolean. */
  encrypted: boolean | number;
  created_at: number;
  updated_at: number;
}

/** A ready share still serves: not expired and not used up. */
const LIVE = `status = 'ready' AND ${LIVE_SQL}`;
const COUNT_UNPROTECTED = `UPDATE file_shares SET views = views + 1, last_viewed_at = ?
  WHERE slug = ? AND password_hash IS NULL AND ${LIVE} RETURNING *`;
const COUNT_VERIFIED = `UPDATE file_shares SET views = views + 1, last_viewed_at = ?
  WHERE id = ? AND password_hash = ? AND ${LIVE} RETURNING *`;

export interface ListOptions {
  createdBy: string[] | null;
  limit: number;
  offset: number;
  search?: string;
  sort: 'created_at' | 'size';
  order: 'asc' | 'desc';
}

/** How long a claimed delete may take before the sweep assumes its process died and finishes it. */
export const STUCK_DELETE_MS = 10 * 60_000;

export interface FileShareStore {
  /** Inserts the row; answers false (nothing written) when its slug is taken. */
  insert(row: FileShareRow): Promise<boolean>;
  byId(id: string): Promise<FileShareRow | null>;
  bySlug(slug: string): Promise<FileShareRow | null>;
  /** Applies `changes` when the row is still in `status`; answers whether it was. */
  update(id: string, changes: Partial<FileShareRow>, status?: FileStatus): Promise<boolean>;
  /**
   * Makes a pending upload ready with `changes` (their `created_at` is the moment) and counts it in the
   * dashboard's creations tally, in one transaction; answers false (nothing written) when it was no
   * longer pending.
   */
  commitReady(id: string, changes: Partial<FileShareRow> & { created_at: number }): Promise<boolean>;
  /** Points the share at the object `to` if it still points at `from` (an object move); answers whether it did. */
  repoint(id: string, from: string, to: string): Promise<boolean>;
  /** Deletes the row (only while it is in `status`, when given); answers whether it did. */
  delete(id: string, status?: FileStatus): Promise<boolean>;
  countUnprotected(slug: string, now: number): Promise<FileShareRow | null>;
  countVerified(id: string, passwordHash: string, now: number): Promise<FileShareRow | null>;
  list(options: ListOptions): Promise<{ rows: FileShareRow[]; total: number }>;
  /**
   * Bytes stored and promised in one storage config: its shares' (pending ones at their declared size) and
   * everything else the write admission counts (services/admission/admissionStore.ts).
   */
  usedBytes(configId: string): Promise<number>;
  /** Ready shares past expiry, used-up shares whose links have lapsed, pending uploads past their deadline. */
  dead(now: number, linkTtlMs: number, limit: number): Promise<FileShareRow[]>;
  /**
   * Runs `work` in a transaction that holds the storage config's capacity lock (its row, FOR UPDATE on
   * Postgres; SQLite has one writer), so a capacity check and the reservation it allows are one step.
   * `work` must use only the repo it is given (SQLite has a single connection).
   */
  withCapacityLock<T>(configId: string, work: (repo: FileShareStore) => Promise<T>): Promise<T>;
}

export function createFileShareStore(
  knex: Knex | Knex.Transaction,
  dialect: Dialect,
  now: () => number = Date.now,
): FileShareStore {
  const table = () => knex<FileShareRow>('file_shares');
  // knex.raw answers an array on better-sqlite3 and a pg Result on Postgres.
  const firstRow = (result: unknown): FileShareRow | null => {
    const rows =
      (dialect === 'postgres' ? (result as { rows: FileShareRow[] }).rows : (result as FileShareRow[])) ?? [];
    return rows[0] ?? null;
  };

  return {
    async insert(row) {
      // ON CONFLICT DO NOTHING: a taken slug must not abort a surrounding transaction (Postgres would).
      const inserted = await table().insert(row).onConflict('slug').ignore().returning('id');
      return inserted.length > 0;
    },
    async byId(id) {
      return ((await (await loadModels()).FileShareModel.query(knex).findById(id)) as FileShareRow) ?? null;
    },
    async bySlug(slug) {
      return (
        ((await (await loadModels()).FileShareModel.query(knex).findOne({ slug })) as FileShareRow) ?? null
      );
    },
    async update(id, changes, status) {
      const q = table().where({ id });
      if (status) q.andWhere({ status });
      return (await q.update({ ...changes, updated_at: changes.updated_at ?? Date.now() })) > 0;
    },
    async commitReady(id, changes) {
      return knex.transaction(async (trx) => {
        const updated =
          (await trx<FileShareRow>('file_shares')
            .where({ id, status: 'pending' })
            .update({ ...changes, updated_at: changes.updated_at ?? changes.created_at })) > 0;
        if (updated) await countCreation(trx, 'file', changes.created_at);
        return updated;
      });
    },
    async repoint(id, from, to) {
      return (await table().where({ id, storage_path: from }).update({ storage_path: to })) > 0;
    },
    async delete(id, status) {
      const q = table().where({ id });
      if (status) q.andWhere({ status });
      return (await q.delete()) > 0;
    },
    async countUnprotected(slug, now) {
      return firstRow(await knex.raw(COUNT_UNPROTECTED, [now, slug, now]));
    },
    async countVerified(id, passwordHash, now) {
      return firstRow(await knex.raw(COUNT_VERIFIED, [now, id, passwordHash, now]));
    },
    async list(o) {
      const base = table().where({ status: 'ready' });
      if (o.createdBy) base.whereIn('created_by', o.createdBy);
      if (o.search) whereAnyContains(base, ['filename', 'slug', 'remark'], o.search);
      const [{ count }] = await base.clone().count<{ count: number | string }[]>({ count: '*' });
      const rows = await base
        .clone()
        .orderBy([
          { column: o.sort, order: o.order },
          { column: 'id', order: o.order },
        ])
        .limit(o.limit)
        .offset(o.offset);
      return { rows, total: Number(count) };
    },
    usedBytes: (configId) => storageUsage(knex, configId, { now: now() }),
    async dead(now, linkTtlMs, limit) {
      return table()
        .where((w) =>
          w
            .where((e) => whereExpired(e.where({ status: 'ready' }), now))
            .orWhere((u) =>
              whereUsedUp(u.where({ status: 'ready' })).andWhere((l) =>
                l.whereNull('last_viewed_at').orWhere('last_viewed_at', '<=', now - linkTtlMs),
              ),
            )
            .orWhere((p) => p.where({ status: 'pending' }).andWhere('upload_expires_at', '<=', now))
            .orWhere((d) =>
              d.where({ status: 'deleting' }).andWhere('updated_at', '<=', now - STUCK_DELETE_MS),
            ),
        )
        .orderBy('id')
        .limit(limit);
    },
    async withCapacityLock(configId, work) {
      return knex.transaction(async (trx) => {
        if (dialect === 'postgres')
          await trx('storage_configs').where({ id: configId }).forUpdate().first('id');
        return work(createFileShareStore(trx, dialect, now));
      });
    },
  };
}
