/**
 * The one admission check for every write that adds bytes to a storage config (ADR 0041): reserve the
 * bytes against the config's capacity and max_upload_size, write, then settle with the real size (or
 * release on failure). Reservations are rows in the database (admissionStore.ts), checked and taken under
 * the config's row lock, so writes in any number of processes sharing one database cannot jointly exceed
 * the capacity.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../../clock.ts';
import type { Dialect } from '../../db/connect.ts';
import { AppError, tooLarge } from '../../http/appError.ts';
import { createAdmissionStore } from './admissionStore.ts';

/** A reservation outlives a crashed writer only this long; every growth pushes it forward. */
export const RESERVATION_TTL_MS = 60 * 60 * 1000;
/** A stream of unknown length reserves ahead of its bytes in steps of this much, not per chunk. */
const GROW_STEP_BYTES = 16 * 1024 * 1024;

export interface Reservation {
  /** Bytes reserved so far: the write may add this many without asking again. */
  readonly bytes: number;
  /** Makes the reservation cover `total` bytes (and some room ahead); 413 when that is over a limit. */
  grow(total: number): Promise<void>;
  /** The write landed: `stored` bytes now sit where `replaced` bytes were; the reservation ends. */
  settle(stored: number, replaced: number): Promise<void>;
  /** The write failed: nothing was added; the reservation ends. */
  release(): Promise<void>;
}

export interface WriteAdmission {
  /** Bytes stored and promised in a config, and its capacity (null: none). */
  usage(configId: string): Promise<{ used: number; total: number | null }>;
  /**
   * Reserves `bytes` for a write into `configId`; 413 naming max_upload_size or the capacity when over. A
   * write that replaces `replaces` bytes needs room only for what it adds beyond them. A write of several
   * files (a folder's copy) names its `largestFile`: max_upload_size holds each file, not their sum.
   */
  reserve(
    configId: string,
    bytes: number,
    options?: { replaces?: number; largestFile?: number },
  ): Promise<Reservation>;
  /** Checks a declared size without reserving (an upload session is itself the promise). */
  check(configId: string, bytes: number, options?: { exceptSession?: string }): Promise<void>;
  /** Bytes stored (positive) or removed (negative) through a mount outside a reservation. */
  stored(configId: string, delta: number): Promise<void>;
  maxUploadBytes(): Promise<number>;
}

export interface WriteAdmissionDeps {
  knex: Knex;
  dialect: Dialect;
  clock: Clock;
  maxUploadBytes(): Promise<number>;
}

export function overUploadLimit(size: number, limit: number): AppError {
  return tooLarge(`the file has ${size} bytes; the upload limit (max_upload_size) is ${limit} bytes`);
}

/** 413 for a file (`size` null: of unknown length) that does not fit into what is left of a capacity. */
export function overCapacity(size: number | null, remaining: number, total: number): AppError {
  return new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    `insufficient storage: the file has ${size ?? 'an unknown number of'} bytes, ${remaining} of ${total} bytes remain (the storage config's capacity)`,
    { data: { file_size: size, remaining, total } },
  );
}

export function createWriteAdmission(deps: WriteAdmissionDeps): WriteAdmission {
  const { clock } = deps;
  const store = createAdmissionStore(deps.knex, deps.dialect);

  async function reserve(
    configId: string,
    bytes: number,
    options: { replaces?: number; largestFile?: number } = {},
  ): Promise<Reservation> {
    const fileLimit = await deps.maxUploadBytes();
    if ((options.largestFile ?? bytes) > fileLimit)
      throw overUploadLimit(options.largestFile ?? bytes, fileLimit);
    // Several files may add up to more than one may be.
    const limit = options.largestFile === undefined ? fileLimit : Number.POSITIVE_INFINITY;
    const id = randomUUID();
    const credit = options.replaces ?? 0;
    /** Bytes the write may send: the row's bytes plus what it replaces. */
    let reserved = 0;
    /** Bytes of the reservation row (held) that count against the capacity. */
    let rowBytes = 0;
    let held = false;

    /** Covers `min(wanted, room)` bytes, at least `needed`; 413 when not even `needed` fits. */
    async function take(needed: number, wanted: number): Promise<void> {
      if (needed > limit) throw overUploadLimit(needed, limit);
      const capped = Math.min(wanted, limit);
      if (!(await store.capacity(configId)) && !held) {
        reserved = capped;
        return;
      }
      await store.locked(configId, async (trx, total) => {
        const now = clock.now();
        await trx.dropExpiredReservations(now);
        if (total === null) {
          reserved = capped;
          if (held) await trx.release(id);
          held = false;
          return;
        }
        const others = (await trx.usage(configId, { now })) - (held ? rowBytes : 0);
        const remaining = Math.max(0, total - others);
        const adds = Math.max(0, needed - credit);
        if (adds > remaining) throw overCapacity(adds, remaining, total);
        rowBytes = Math.min(Math.max(0, capped - credit), remaining);
        reserved = rowBytes + credit;
        const expiresAt = now + RESERVATION_TTL_MS;
        if (held) await trx.resize(id, rowBytes, expiresAt);
        else
          await trx.reserve({ id, storage_config_id: configId, bytes: rowBytes, expires_at: expiresAt }, now);
        held = true;
      });
    }

    await take(bytes, bytes);
    return {
      get bytes() {
        return reserved;
      },
      async grow(total) {
        if (total <= reserved) return;
        await take(total, total + GROW_STEP_BYTES);
      },
      async settle(stored, replaced) {
        await store.settle(configId, held ? id : null, stored - replaced);
        held = false;
      },
      async release() {
        if (held) await store.release(id);
        held = false;
      },
    };
  }

  return {
    async usage(configId) {
      const [used, total] = await Promise.all([
        store.usage(configId, { now: clock.now() }),
        store.capacity(configId),
      ]);
      return { used, total };
    },
    reserve,
    async check(configId, bytes, options = {}) {
      const limit = await deps.maxUploadBytes();
      if (bytes > limit) throw overUploadLimit(bytes, limit);
      const total = await store.capacity(configId);
      if (total === null) return;
      const used = await store.usage(configId, { now: clock.now(), ...options });
      const remaining = Math.max(0, total - used);
      if (bytes > remaining) throw overCapacity(bytes, remaining, total);
    },
    stored: (configId, delta) => store.addMountBytes(configId, delta),
    maxUploadBytes: () => deps.maxUploadBytes(),
  };
}
