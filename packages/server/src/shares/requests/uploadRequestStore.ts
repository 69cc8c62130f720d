/**
 * The SQL of upload requests and of the files that arrive through them (`upload_requests`,
 * `upload_request_files`). A start reserves its file and bytes by inserting its row under the request's
 * row lock (Postgres `FOR UPDATE`; SQLite's one connection serialises), having counted what landed and
 * what is in flight: two uploaders in two processes cannot pass a limit together. An upload counts as in
 * flight while its session is open (upload_sessions, read here, written by uploads/sessions/), so a
 * session aborted or swept gives its reservation back without a write of ours.
 */
import type { Knex } from 'knex';
import type { Dialect } from '../../db/connect.ts';
import { loadModels } from '../../db/models/loadModels.ts';

export interface UploadRequestRow {
  id: string;
  slug: string;
  path: string;
  title: string | null;
  message: string | null;
  password_hash: string | null;
  expires_at: number | null;
  max_files: number | null;
  max_file_bytes: number | null;
  max_total_bytes: number | null;
  /** JSON array. */
  allowed_types: string;
  created_by: string;
  created_at: number;
  updated_at: number;
}

export type RequestFileStatus = 'uploading' | 'completed';

export interface RequestFileRow {
  id: string;
  request_id: string;
  token_hash: string;
  filename: string;
  size: number;
  content_type: string;
  uploader: string | null;
  status: RequestFileStatus;
  name: string | null;
  path: string | null;
  claim_path: string | null;
  created_at: number;
  completed_at: number | null;
}

/** Files and bytes that landed, and that are in flight. */
export interface RequestTally {
  files: number;
  bytes: number;
  inFlightFiles: number;
  inFlightBytes: number;
}

/** Who may touch a request: the creators an actor acts for, or null for all (the admin). */
export type Creators = string[] | null;

const REQUEST_NUMERIC = [
  'expires_at',
  'max_files',
  'max_file_bytes',
  'max_total_bytes',
  'created_at',
  'updated_at',
];
const FILE_NUMERIC = ['size', 'created_at', 'completed_at'];

/** Postgres answers bigint columns as strings. */
function numeric<T>(row: object | undefined, columns: string[]): T | null {
  if (!row) return null;
  const out: Record<string, unknown> = { ...row };
  for (const c of columns) if (out[c] !== null && out[c] !== undefined) out[c] = Number(out[c]);
  return out as T;
}
const requestOf = (row: object | undefined) => numeric<UploadRequestRow>(row, REQUEST_NUMERIC);
const fileOf = (row: object | undefined) => numeric<RequestFileRow>(row, FILE_NUMERIC);

/** The condition of an upload in flight: its row says uploading and its session is open. */
const IN_FLIGHT = `f.status = 'uploading' AND EXISTS (SELECT 1 FROM upload_sessions s WHERE s.id = f.id
  AND s.status IN ('uploading', 'completing') AND s.expires_at > ?)`;

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

export function createUploadRequestStore(knex: Knex, dialect: Dialect) {
  function owned(creators: Creators, id?: string) {
    const query = knex('upload_requests');
    if (id !== undefined) query.where({ id });
    if (creators !== null) query.whereIn('created_by', creators);
    return query;
  }

  async function tally(db: Knex | Knex.Transaction, requestId: string, now: number): Promise<RequestTally> {
    const row = await db
      .from('upload_request_files as f')
      .where('f.request_id', requestId)
      .first(
        db.raw(`SUM(CASE WHEN f.status = 'completed' THEN 1 ELSE 0 END) AS files`),
        db.raw(`SUM(CASE WHEN f.status = 'completed' THEN f.size ELSE 0 END) AS bytes`),
        db.raw(`SUM(CASE WHEN ${IN_FLIGHT} THEN 1 ELSE 0 END) AS in_files`, [now]),
        db.raw(`SUM(CASE WHEN ${IN_FLIGHT} THEN f.size ELSE 0 END) AS in_bytes`, [now]),
      );
    return {
      files: Number(row?.files ?? 0),
      bytes: Number(row?.bytes ?? 0),
      inFlightFiles: Number(row?.in_files ?? 0),
      inFlightBytes: Number(row?.in_bytes ?? 0),
    };
  }

  return {
    /** False when the slug is taken (nothing written). */
    async insert(row: UploadRequestRow): Promise<boolean> {
      try {
        await knex('upload_requests').insert(row);
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },

    async bySlug(slug: string): Promise<UploadRequestRow | null> {
      return requestOf(await (await loadModels()).UploadRequestModel.query(knex).findOne({ slug }));
    },

    async byId(creators: Creators, id: string): Promise<UploadRequestRow | null> {
      return requestOf(await owned(creators, id).first());
    },

    async list(
      creators: Creators,
      page: { limit: number; offset: number },
    ): Promise<{ rows: UploadRequestRow[]; total: number }> {
      const [{ n }] = await owned(creators).clone().count({ n: '*' });
      const rows = await owned(creators)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset);
      return { rows: rows.map((r: Record<string, unknown>) => requestOf(r)!), total: Number(n) };
    },

    /** Files and bytes received per request, for a page of requests. */
    async received(requestIds: string[]): Promise<Map<string, { files: number; bytes: number }>> {
      const out = new Map<string, { files: number; bytes: number }>();
      if (requestIds.length === 0) return out;
      const rows = await knex('upload_request_files')
        .whereIn('request_id', requestIds)
        .andWhere({ status: 'completed' })
        .groupBy('request_id')
        .select('request_id', knex.raw('COUNT(*) AS files'), knex.raw('SUM(size) AS bytes'));
      for (const r of rows as { request_id: string; files: unknown; bytes: unknown }[])
        out.set(r.request_id, { files: Number(r.files), bytes: Number(r.bytes) });
      return out;
    },

    async update(creators: Creators, id: string, patch: Partial<UploadRequestRow>): Promise<boolean> {
      return (await owned(creators, id).update(patch)) > 0;
    },

    /** Deletes the request and its rows; the files that landed stay where they are. */
    async delete(creators: Creators, id: string): Promise<boolean> {
      return knex.transaction(async (trx) => {
        const query = trx('upload_requests').where({ id });
        if (creators !== null) query.whereIn('created_by', creators);
        if ((await query.delete()) === 0) return false;
        await trx('upload_request_files').where({ request_id: id }).delete();
        return true;
      });
    },

    tally: (requestId: string, now: number) => tally(knex, requestId, now),

    /**
     * Inserts `file` if `admit` accepts the request as it stands, with what landed and is in flight,
     * holding the request's row lock: the one place a reservation is taken. Answers `admit`'s refusal.
     */
    async reserve<E>(
      requestId: string,
      file: RequestFileRow,
      now: number,
      admit: (request: UploadRequestRow, tally: RequestTally) => E | null,
    ): Promise<E | null> {
      return knex.transaction(async (trx) => {
        const query = trx('upload_requests').where({ id: requestId });
        if (dialect === 'postgres') query.forUpdate();
        const request = requestOf(await query.first());
        if (!request) return null;
        const refusal = admit(request, await tally(trx, requestId, now));
        if (refusal !== null) return refusal;
        await trx('upload_request_files').insert(file);
        return null;
      });
    },

    async file(id: string): Promise<RequestFileRow | null> {
      return fileOf(await (await loadModels()).RequestFileModel.query(knex).findById(id));
    },

    async deleteFile(id: string): Promise<void> {
      await (await loadModels()).RequestFileModel.query(knex).deleteById(id);
    },

    /** Claims `path` for the completing upload `id`; false when another completion holds it. */
    async claim(id: string, path: string): Promise<boolean> {
      try {
        await knex('upload_request_files').where({ id }).update({ claim_path: path });
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },

    async unclaim(id: string): Promise<void> {
      await knex('upload_request_files').where({ id }).update({ claim_path: null });
    },

    /** The upload landed as `name` at `path`: it counts as received from now on. */
    async completed(id: string, name: string, path: string, at: number): Promise<void> {
      await knex('upload_request_files')
        .where({ id, status: 'uploading' })
        .update({ status: 'completed', name, path, claim_path: null, completed_at: at });
    },

    /** What arrived, newest first. */
    async files(requestId: string, limit: number): Promise<RequestFileRow[]> {
      const rows = await knex('upload_request_files')
        .where({ request_id: requestId, status: 'completed' })
        .orderBy('completed_at', 'desc')
        .limit(limit);
      return rows.map((r: Record<string, unknown>) => fileOf(r)!);
    },

    /** Forgets uploads whose session is gone or closed without landing (aborted, swept). */
    async sweepOrphans(now: number): Promise<number> {
      return knex('upload_request_files as f')
        .where('f.status', 'uploading')
        .andWhere('f.created_at', '<', now - 60_000)
        .whereNotExists(
          knex('upload_sessions as s')
            .whereRaw('s.id = f.id')
            .whereIn('s.status', ['uploading', 'completing']),
        )
        .delete();
    },
  };
}

export type UploadRequestStore = ReturnType<typeof createUploadRequestStore>;
