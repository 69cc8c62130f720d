/**
 * The SQL of `thumbnails` (migration 025, ADR 0075): thumbnails every process sharing the database
 * reads, written once per source version, swept least recently used first past a byte budget.
 */
import type { Knex } from 'knex';

export interface StoredThumbnail {
  key: string;
  /** Hash of the storage config and path: the rows of one image, whatever its version. */
  source_key: string;
  size: number;
  width: number;
  height: number;
  bytes: Buffer;
}

/** A row's `used_at` is written at most this often: a hit is a read, not a write, most of the time. */
const TOUCH_EVERY_MS = 3_600_000;
/** Rows deleted per statement in a sweep. */
const SWEEP_BATCH = 500;

export function createThumbnailStore(knex: Knex) {
  const table = () => knex('thumbnails');
  return {
    async get(key: string, now: number): Promise<StoredThumbnail | null> {
      const row = await table()
        .where({ key })
        .first('key', 'source_key', 'size', 'width', 'height', 'bytes', 'used_at');
      if (!row) return null;
      if (Number(row.used_at) < now - TOUCH_EVERY_MS) await table().where({ key }).update({ used_at: now });
      return { ...row, bytes: Buffer.from(row.bytes) };
    },

    /**
     * Keeps a new thumbnail and drops those of the image's earlier versions at this size. Two processes
     * making the same one at once both succeed: the second insert finds the first's row and leaves it.
     */
    async put(thumb: StoredThumbnail, now: number): Promise<void> {
      await knex.transaction(async (trx) => {
        await trx('thumbnails')
          .where({ source_key: thumb.source_key, size: thumb.size })
          .whereNot({ key: thumb.key })
          .delete();
        await trx('thumbnails')
          .insert({ ...thumb, byte_length: thumb.bytes.length, created_at: now, used_at: now })
          .onConflict('key')
          .ignore();
      });
    },

    /** Rows unused since `idleBefore` go, then the least recently used until at most `maxBytes` remain. */
    async sweep(idleBefore: number, maxBytes: number): Promise<{ removed: number }> {
      let removed = await table().where('used_at', '<', idleBefore).delete();
      const total = await this.totalBytes();
      let excess = total - maxBytes;
      while (excess > 0) {
        const oldest: { key: string; byte_length: number }[] = await table()
          .select('key', 'byte_length')
          .orderBy('used_at', 'asc')
          .limit(SWEEP_BATCH);
        if (oldest.length === 0) break;
        const keys: string[] = [];
        for (const row of oldest) {
          if (excess <= 0) break;
          keys.push(row.key);
          excess -= Number(row.byte_length);
        }
        removed += await table().whereIn('key', keys).delete();
      }
      return { removed };
    },

    async totalBytes(): Promise<number> {
      const row = await table().sum({ total: 'byte_length' }).first();
      return Number(row?.total ?? 0);
    },
  };
}

export type ThumbnailStore = ReturnType<typeof createThumbnailStore>;
