/**
 * The SQL of upload sessions and their parts. State changes that two processes might race on (starting a
 * complete, recording a part) are single conditional statements, so the database decides who wins.
 */
import type { Knex } from 'knex';

export type SessionStatus = 'uploading' | 'completing' | 'completed' | 'aborted';
export type SessionKind = 'multipart' | 'presign';

export interface UploadSessionRow {
  id: string;
  kind: SessionKind;
  actor: string;
  mount_id: string;
  storage_config_id: string;
  target_path: string;
  object_key: string;
  file_size: number;
  part_size: number;
  part_count: number;
  content_type: string;
  fingerprint: string | null;
  status: SessionStatus;
  storage_upload_id: string | null;
  result: string | null;
  expires_at: number;
  created_at: number;
  updated_at: number;
}

export interface UploadPartRow {
  session_id: string;
  part_number: number;
  size: number;
  etag: string;
  checksum: string | null;
  created_at: number;
}

const NUMERIC: (keyof UploadSessionRow)[] = [
  'file_size',
  'part_size',
  'part_count',
  'expires_at',
  'created_at',
  'updated_at',
];

/** Postgres answers bigint columns as strings. */
function sessionOf(row: Record<string, unknown> | undefined): UploadSessionRow | null {
  if (!row) return null;
  const out = { ...row } as Record<string, unknown>;
  for (const k of NUMERIC) out[k] = Number(out[k]);
  return out as unknown as UploadSessionRow;
}

function partOf(row: Record<string, unknown>): UploadPartRow {
  return {
    ...(row as unknown as UploadPartRow),
    part_number: Number(row.part_number),
    size: Number(row.size),
    created_at: Number(row.created_at),
  };
}

export function createSessionRepo(knex: Knex) {
  return {
    async insert(row: UploadSessionRow): Promise<void> {
      await knex('upload_sessions').insert(row);
    },

    async byId(id: string): Promise<UploadSessionRow | null> {
      return sessionOf(await knex('upload_sessions').where({ id }).first());
    },

    /** The open session a re-init of the same file to the same place resumes. */
    async resumable(
      actor: string,
      targetPath: string,
      fileSize: number,
      fingerprint: string,
      now: number,
    ): Promise<UploadSessionRow | null> {
      return sessionOf(
        await knex('upload_sessions')
          .where({
            actor,
            target_path: targetPath,
            file_size: fileSize,
            fingerprint,
            status: 'uploading',
            kind: 'multipart',
          })
          .andWhere('expires_at', '>', now)
          .orderBy('created_at', 'desc')
          .first(),
      );
    },

    async update(id: string, changes: Partial<UploadSessionRow>): Promise<void> {
      await knex('upload_sessions').where({ id }).update(changes);
    },

    /** Moves a session from one status to another; false when another request moved it first. */
    async transition(
      id: string,
      from: SessionStatus,
      to: SessionStatus,
      changes: Partial<UploadSessionRow> = {},
      /** Also require this updated_at (taking over a stale state without racing another taker). */
      updatedAt?: number,
    ): Promise<boolean> {
      const q = knex('upload_sessions').where({ id, status: from });
      if (updatedAt !== undefined) q.andWhere({ updated_at: updatedAt });
      const n = await q.update({ ...changes, status: to });
      return n > 0;
    },

    async delete(id: string): Promise<void> {
      await knex('upload_sessions').where({ id }).delete();
    },

    /** Records a received part, replacing an earlier upload of the same number. */
    async savePart(part: UploadPartRow): Promise<void> {
      await knex('upload_parts')
        .insert(part)
        .onConflict(['session_id', 'part_number'])
        .merge(['size', 'etag', 'checksum', 'created_at']);
    },

    async deletePart(sessionId: string, partNumber: number): Promise<void> {
      await knex('upload_parts').where({ session_id: sessionId, part_number: partNumber }).delete();
    },

    async deleteParts(sessionId: string): Promise<void> {
      await knex('upload_parts').where({ session_id: sessionId }).delete();
    },

    async parts(sessionId: string): Promise<UploadPartRow[]> {
      const rows = await knex('upload_parts').where({ session_id: sessionId }).orderBy('part_number', 'asc');
      return rows.map(partOf);
    },

    /** Sessions to sweep: open ones idle past their deadline, finished ones kept past it for retries. */
    async expired(now: number, limit: number): Promise<UploadSessionRow[]> {
      const rows = await knex('upload_sessions')
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit);
      return rows.map((r: Record<string, unknown>) => sessionOf(r)!);
    },

    /** Bytes promised to open sessions of a storage config (counted against its capacity). */
    async pendingBytes(storageConfigId: string, exceptId?: string): Promise<number> {
      const q = knex('upload_sessions')
        .where({ storage_config_id: storageConfigId })
        .whereIn('status', ['uploading', 'completing']);
      if (exceptId) q.whereNot({ id: exceptId });
      const row = await q.sum({ total: 'file_size' }).first();
      return Number(row?.total ?? 0);
    },
  };
}

export type SessionRepo = ReturnType<typeof createSessionRepo>;
