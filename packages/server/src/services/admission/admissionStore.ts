/**
 * What a storage config holds and has promised, the one definition every capacity check and WebDAV's quota
 * properties read: file shares' bytes (pending ones at their declared size), the bytes stored through
 * mounts (`mount_bytes`), open resumable upload sessions' declared sizes (a file share's session is
 * promised by its pending share), and live write reservations.
 */
import type { Knex } from 'knex';
import type { Dialect } from '../../db/connect.ts';
import { loadModels } from '../../db/models/loadModels.ts';

const USAGE_SQL = `SELECT
  (SELECT mount_bytes FROM storage_configs WHERE id = ?) AS mounts,
  (SELECT COALESCE(SUM(size), 0) FROM file_shares WHERE s3_config_id = ?) AS shares,
  (SELECT COALESCE(SUM(file_size), 0) FROM upload_sessions
     WHERE storage_config_id = ? AND status IN ('uploading', 'completing') AND share_id IS NULL
       AND id <> ?) AS sessions,
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

const ADD_MOUNT_BYTES =
  'UPDATE storage_configs SET mount_bytes = CASE WHEN mount_bytes + ? < 0 THEN 0 ELSE mount_bytes + ? END WHERE id = ?';

/** The rows of `write_reservations`, and a storage config's capacity and `mount_bytes`, as the admission needs them. */
export interface AdmissionStore {
  /** Bytes stored plus bytes promised in `configId`. */
  usage(configId: string, options: UsageOptions): Promise<number>;
  /** The config's capacity (total_storage_bytes); null when it has none. */
  capacity(configId: string): Promise<number | null>;
  /**
   * Runs `work` in a transaction holding the config's row lock (FOR UPDATE on Postgres; SQLite's one
   * connection serialises anyway), with the store of that transaction and the config's capacity.
   */
  locked<T>(configId: string, work: (store: AdmissionStore, total: number | null) => Promise<T>): Promise<T>;
  dropExpiredReservations(now: number): Promise<void>;
  reserve(
    row: { id: string; storage_config_id: string; bytes: number; expires_at: number },
    now: number,
  ): Promise<void>;
  resize(id: string, bytes: number, expiresAt: number): Promise<void>;
  release(id: string): Promise<void>;
  /** Adds `delta` bytes (never below 0) to what mounts store in the config. */
  addMountBytes(configId: string, delta: number): Promise<void>;
  /** A write landed: its reservation (when held) ends and its bytes count as stored, in one step. */
  settle(configId: string, reservationId: string | null, delta: number): Promise<void>;
}

export function createAdmissionStore(knex: Knex | Knex.Transaction, dialect: Dialect): AdmissionStore {
  const capacityRow = async (db: Knex, configId: string, forUpdate: boolean) => {
    const query = db('storage_configs').where({ id: configId });
    if (forUpdate && dialect === 'postgres') query.forUpdate();
    const row = await query.first('total_storage_bytes');
    return row?.total_storage_bytes ? Number(row.total_storage_bytes) : null;
  };
  const store: AdmissionStore = {
    usage: (configId, options) => storageUsage(knex, configId, options),
    capacity: (configId) => capacityRow(knex, configId, false),
    locked(configId, work) {
      return knex.transaction(async (trx) =>
        work(createAdmissionStore(trx, dialect), await capacityRow(trx, configId, true)),
      );
    },
    async dropExpiredReservations(now) {
      await knex('write_reservations').where('expires_at', '<=', now).delete();
    },
    async reserve(row, now) {
      await (await loadModels()).WriteReservationModel.query(knex).insert({ ...row, created_at: now });
    },
    async resize(id, bytes, expiresAt) {
      await (await loadModels()).WriteReservationModel.query(knex)
        .patch({ bytes, expires_at: expiresAt })
        .where({ id });
    },
    async release(id) {
      await (await loadModels()).WriteReservationModel.query(knex).deleteById(id);
    },
    async addMountBytes(configId, delta) {
      if (delta !== 0) await knex.raw(ADD_MOUNT_BYTES, [delta, delta, configId]);
    },
    async settle(configId, reservationId, delta) {
      await knex.transaction(async (trx) => {
        const inner = createAdmissionStore(trx, dialect);
        if (reservationId) await inner.release(reservationId);
        await inner.addMountBytes(configId, delta);
      });
    },
  };
  return store;
}
