/**
 * The database side of the storage-side multipart uploads (`storage_uploads`): each S3 driver records the
 * uploads it opens here (storage/uploadLedger.ts), and the sweep finds the ones left behind: older than
 * a grace period and owned by no open upload session (a pending file share's included).
 */
import type { Knex } from 'knex';
import type { Clock } from '../clock.ts';
import { loadModels } from '../db/models/loadModels.ts';
import type { UploadLedger } from '../storage/uploadLedger.ts';

export interface StorageUploadRow {
  upload_id: string;
  storage_config_id: string;
  object_key: string;
  abort_attempts: number;
  created_at: number;
}

export interface StorageUploads {
  /** The ledger one storage config's driver writes to. */
  ledgerFor(configId: string): UploadLedger;
  /** Recorded uploads opened before `before` that no open session (a pending share's included) owns. */
  orphans(before: number, limit: number): Promise<StorageUploadRow[]>;
  failedAbort(uploadId: string): Promise<void>;
  forget(uploadId: string): Promise<void>;
}

export function createStorageUploads(knex: Knex, clock: Clock): StorageUploads {
  const forget = async (uploadId: string) => {
    await (await loadModels()).StorageUploadModel.query(knex).deleteById(uploadId);
  };
  return {
    ledgerFor(configId) {
      return {
        async opened(uploadId, path) {
          await (await loadModels()).StorageUploadModel.query(knex).insert({
            upload_id: uploadId,
            storage_config_id: configId,
            object_key: path,
            abort_attempts: 0,
            created_at: clock.now(),
          });
        },
        closed: forget,
      };
    },
    async orphans(before, limit) {
      const rows = await knex('storage_uploads')
        .where('created_at', '<=', before)
        .whereNotExists((q) =>
          q
            .select(knex.raw('1'))
            .from('upload_sessions')
            .whereRaw('upload_sessions.storage_upload_id = storage_uploads.upload_id')
            .whereIn('upload_sessions.status', ['uploading', 'completing']),
        )
        .orderBy('created_at')
        .limit(limit);
      return rows.map((r: StorageUploadRow) => ({
        ...r,
        abort_attempts: Number(r.abort_attempts),
        created_at: Number(r.created_at),
      }));
    },
    async failedAbort(uploadId) {
      await knex('storage_uploads').where({ upload_id: uploadId }).increment('abort_attempts', 1);
    },
    forget,
  };
}
