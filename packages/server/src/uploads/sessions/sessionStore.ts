/**
 * The SQL of upload sessions and their parts. State changes that two processes might race on (starting a
 * complete, recording a part) are single conditional statements, so the database decides who wins.
 * What every part request runs (its session, forgetting and recording the part) is prepared once
 * (db/hotStatements.ts, ADR 0019): a 1 GiB upload sends 205 parts.
 */
import type { Knex } from 'knex';
import {
  type HotStatements,
  hotStatement,
  numbered,
  type SqliteHotStatements,
} from '../../db/hotStatements.ts';
import { loadModels } from '../../db/models/loadModels.ts';

export type SessionStatus = 'uploading' | 'completing' | 'completed' | 'aborted';
export type SessionKind = 'multipart' | 'presign';

export interface UploadSessionRow {
  id: string;
  kind: SessionKind;
  actor: string;
  /** The mount written into; null for a file share's upload. */
  mount_id: string | null;
  /** The pending file share this session uploads (its `file_shares` row); null for an upload into a mount. */
  share_id: string | null;
  storage_config_id: string;
  target_path: string;
  object_key: string;
  file_size: number;
  /** Bytes of the file the upload replaces (0 for a new file): its completion adds only the difference. */
  replaces_bytes: number;
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
  'replaces_bytes',
  'part_size',
  'part_count',
  'expires_at',
  'created_at',
  'updated_at',
];

/** Postgres answers bigint columns as strings. */
function sessionOf(row: object | undefined): UploadSessionRow | null {
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

const SESSION_BY_ID = hotStatement('upload_session_by_id', 'SELECT * FROM upload_sessions WHERE id = ?');
const FORGET_PART = hotStatement(
  'upload_part_forget',
  'DELETE FROM upload_parts WHERE session_id = ? AND part_number = ?',
);
const SAVE_PART_SQL = `INSERT INTO upload_parts (session_id, part_number, size, etag, checksum, created_at)
  VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (session_id, part_number) DO UPDATE SET size = excluded.size,
  etag = excluded.etag, checksum = excluded.checksum, created_at = excluded.created_at`;
const TOUCH_SQL = 'UPDATE upload_sessions SET expires_at = ?, updated_at = ? WHERE id = ?';
const SAVE_PART = hotStatement('upload_part_save', SAVE_PART_SQL);
const TOUCH_SESSION = hotStatement('upload_session_touch', TOUCH_SQL);
/** Postgres: the part and its session's new deadline in one round trip. */
const SAVE_PART_AND_TOUCH = hotStatement(
  'upload_part_save_touch',
  '-- Postgres only',
  `WITH saved AS (${numbered(SAVE_PART_SQL)[0]} RETURNING 1)
  UPDATE upload_sessions SET expires_at = $7, updated_at = $8 WHERE id = $9`,
);

/** The database handles of `Db` (db/connect.ts) the repo uses. */
export interface SessionDb {
  knex: Knex;
  hot: HotStatements;
  /** Set on SQLite, where a part and its session's deadline are written in one transaction. */
  sqliteHot: SqliteHotStatements | null;
}

export function createSessionStore({ knex, hot, sqliteHot }: SessionDb) {
  return {
    async insert(row: UploadSessionRow): Promise<void> {
      await (await loadModels()).UploadSessionModel.query(knex).insert(row);
    },

    async byId(id: string): Promise<UploadSessionRow | null> {
      return sessionOf((await hot.rows<Record<string, unknown>>(SESSION_BY_ID, [id]))[0]);
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
        await (await loadModels()).UploadSessionModel.query(knex)
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

    /** The session of a pending file share's upload, if it has one. */
    async byShare(shareId: string): Promise<UploadSessionRow | null> {
      return sessionOf(
        await (await loadModels()).UploadSessionModel.query(knex).findOne({ share_id: shareId }),
      );
    },

    async update(id: string, changes: Partial<UploadSessionRow>): Promise<void> {
      await (await loadModels()).UploadSessionModel.query(knex).patch(changes).where({ id });
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
      await (await loadModels()).UploadSessionModel.query(knex).deleteById(id);
    },

    /**
     * Records a received part (replacing an earlier upload of the same number) and moves its session's
     * idle deadline, as one transaction.
     */
    async savePart(part: UploadPartRow, expiresAt: number): Promise<void> {
      const values = [
        part.session_id,
        part.part_number,
        part.size,
        part.etag,
        part.checksum,
        part.created_at,
      ];
      const touch = [expiresAt, part.created_at, part.session_id];
      if (!sqliteHot) await hot.run(SAVE_PART_AND_TOUCH, [...values, ...touch]);
      else
        await sqliteHot.unit((run) => {
          run(SAVE_PART, values);
          run(TOUCH_SESSION, touch);
        });
    },

    async deletePart(sessionId: string, partNumber: number): Promise<void> {
      await hot.run(FORGET_PART, [sessionId, partNumber]);
    },

    async deleteParts(sessionId: string): Promise<void> {
      await (await loadModels()).UploadSessionModel.relatedQuery('parts', knex).for(sessionId).delete();
    },

    async parts(sessionId: string): Promise<UploadPartRow[]> {
      const rows = await (await loadModels()).UploadSessionModel.relatedQuery('parts', knex)
        .for(sessionId)
        .orderBy('part_number', 'asc');
      return rows.map((row) => partOf({ ...row }));
    },

    /** Sessions to sweep: open ones idle past their deadline, finished ones kept past it for retries. */
    async expired(now: number, limit: number): Promise<UploadSessionRow[]> {
      const rows = await (await loadModels()).UploadSessionModel.query(knex)
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit);
      return rows.map((r) => sessionOf(r)!);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
