/**
 * What a storage config holds and has promised, the one definition every capacity check and WebDAV's quota
 * properties read: file shares' bytes (pending ones at their declared size), the bytes stored through
 * mounts (`mount_bytes`), open resumable upload sessions' declared sizes, and live write reservations.
 */
import type { Knex } from 'knex';

const USAGE_SQL = `SELECT
  (SELECT mount_bytes FROM storage_configs WHERE id = ?) AS mounts,
  (SELECT COALESCE(SUM(size), 0) FROM file_shares WHERE s3_config_id = ?) AS shares,
  (SELECT COALESCE(SUM(file_size), 0) FROM upload_sessions
     WHERE storage_config_id = ? AND status IN ('uploading', 'completing') AND id <> ?) AS sessions,
  (SELECT COALESCE(SUM(bytes), 0) FROM write_reservations
     WHERE storage_config_id = ? AND expires_at > ?) AS reserved`;

export interface UsageOptions {
  now: number;
  /** An upload session that asks about itself: its own promise is not counted against it. */
  exceptSession?: string;
}

/** Bytes stored plus bytes promised in `configId`, read through `db` (a transaction holding the config's lock). */
export async function storageUsage(db: Knex, configId: string, options: UsageOptions): Promise<number> {
  const result = await db.raw(USAGE_SQL, [
    configId,
    configId,
    configId,
    options.exceptSession ?? '',
    configId,
    options.now,
  ]);
  // better-sqlite3 answers the rows, pg a result with `rows`.
  const row = (Array.isArray(result) ? result[0] : result.rows[0]) as Record<string, number | string | null>;
  return Number(row.mounts ?? 0) + Number(row.shares) + Number(row.sessions) + Number(row.reserved);
}
