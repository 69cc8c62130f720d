/**
 * A storage config's driver as the file-system service uses it: every method that adds bytes (write,
 * streamPut, server-side copy, a multipart upload of a copy) goes through the write admission (reserve,
 * write, settle or release), and every removal takes its bytes off the config's mount usage. Mount
 * uploads, WebDAV, tasks (URL fetches, batch copies, archives) all write through this one wrapper.
 */
import type { Readable } from 'node:stream';
import type {
  CopyCapability,
  MultipartCapability,
  MultipartPart,
  StorageDriver,
  StreamPutCapability,
  WriteOptions,
  WriteResult,
} from '../../storage/driver.ts';
import { meteredBody } from './meter.ts';
import type { Reservation, WriteAdmission } from './writeAdmission.ts';

const RAW = Symbol('unadmitted driver');
const ADMIT = Symbol('admit a write of known size');
const ADMISSION = Symbol('the admission and config of the driver');
type Admitted = StorageDriver & {
  [RAW]: StorageDriver;
  [ADMIT]: (path: string, size: number, work: () => Promise<void>) => Promise<void>;
  [ADMISSION]: { configId: string; admission: WriteAdmission };
};

/** The driver behind an admitted one: for writers that account their bytes themselves (upload sessions). */
export function unadmitted(driver: StorageDriver): StorageDriver {
  return (driver as Partial<Admitted>)[RAW] ?? driver;
}

/** Bytes of the file at `path`, or of every file below the folder at `path` (and its largest file). */
async function filesAt(driver: StorageDriver, path: string): Promise<{ total: number; largest: number }> {
  const entry = await driver.stat(path);
  if (!entry) return { total: 0, largest: 0 };
  if (!entry.isDirectory) return { total: entry.size, largest: entry.size };
  const sum = { total: 0, largest: 0 };
  let cursor: string | null = null;
  do {
    const page = await driver.list(path, { cursor, limit: 1000 });
    for (const e of page.entries) {
      const below = e.isDirectory ? await filesAt(driver, e.path) : { total: e.size, largest: e.size };
      sum.total += below.total;
      sum.largest = Math.max(sum.largest, below.largest);
    }
    cursor = page.cursor;
  } while (cursor);
  return sum;
}

const bytesAt = async (driver: StorageDriver, path: string) => (await filesAt(driver, path)).total;

export function admittedDriver(
  driver: StorageDriver,
  configId: string,
  admission: WriteAdmission,
): StorageDriver {
  const d = driver as StorageDriver & Partial<CopyCapability & MultipartCapability & StreamPutCapability>;
  /** Multipart uploads of this process (copies), each holding its reservation until complete or abort. */
  const uploads = new Map<string, { reservation: Reservation; bytes: number }>();

  /** Reserves, runs `work` on the metered body, settles with what landed over what it replaced. */
  async function admit(
    path: string,
    size: number,
    body: Readable | null,
    work: (body: Readable | null) => Promise<WriteResult | number>,
    largestFile?: number,
  ): Promise<WriteResult | number> {
    const replaced = await bytesAt(driver, path).catch(() => 0);
    const reservation = await admission.reserve(configId, size, { replaces: replaced, largestFile });
    const metered = body ? meteredBody(body, reservation) : null;
    let result: WriteResult | number;
    try {
      result = await work(metered);
    } catch (err) {
      await reservation.release();
      // A refused growth surfaces as the pipeline's error or the meter's own.
      throw metered?.errored ?? err;
    }
    await reservation.settle(typeof result === 'number' ? result : result.size, replaced);
    return result;
  }

  const wrapped: Record<string | symbol, unknown> = {
    [RAW]: driver,
    [ADMISSION]: { configId, admission },
    [ADMIT]: async (path: string, size: number, work: () => Promise<void>) => {
      await admit(path, size, null, async () => {
        await work();
        return size;
      });
    },
    write: (path: string, body: Readable, options?: WriteOptions) =>
      admit(path, options?.size ?? 0, body, (b) => driver.write(path, b!, options)),
    async remove(path: string) {
      const bytes = await bytesAt(driver, path).catch(() => 0);
      await driver.remove(path);
      await admission.stored(configId, -bytes);
    },
  };
  if (typeof d.streamPut === 'function') {
    const streamPut = d.streamPut.bind(driver);
    wrapped.streamPut = (path: string, body: Readable, options: { size: number }) =>
      admit(path, options.size, body, (b) => streamPut(path, b!, options));
  }
  if (typeof d.copy === 'function') {
    const copy = d.copy.bind(driver);
    wrapped.copy = async (from: string, to: string) => {
      const { total, largest } = await filesAt(driver, from);
      await admit(
        to,
        total,
        null,
        async () => {
          await copy(from, to);
          return total;
        },
        largest,
      );
    };
  }
  if (typeof d.multipartInit === 'function') {
    const mp = d as StorageDriver & MultipartCapability;
    wrapped.multipartInit = async (path: string, options: { contentType?: string }) => {
      const reservation = await admission.reserve(configId, 0);
      try {
        const started = await mp.multipartInit(path, options);
        uploads.set(started.uploadId, { reservation, bytes: 0 });
        return started;
      } catch (err) {
        await reservation.release();
        throw err;
      }
    };
    // Each part grows the upload's reservation before its bytes go to the store.
    const uploadPart: MultipartCapability['multipartUploadPart'] = async (
      path,
      uploadId,
      n,
      body,
      size,
      signal,
    ) => {
      const held = uploads.get(uploadId);
      if (held) {
        held.bytes += size;
        await held.reservation.grow(held.bytes);
      }
      return mp.multipartUploadPart(path, uploadId, n, body, size, signal);
    };
    wrapped.multipartUploadPart = uploadPart;
    wrapped.multipartComplete = async (path: string, uploadId: string, parts: MultipartPart[]) => {
      const held = uploads.get(uploadId);
      const replaced = held ? await bytesAt(driver, path).catch(() => 0) : 0;
      const result = await mp.multipartComplete(path, uploadId, parts);
      uploads.delete(uploadId);
      await held?.reservation.settle(result.size, replaced);
      return result;
    };
    wrapped.multipartAbort = async (path: string, uploadId: string) => {
      const held = uploads.get(uploadId);
      uploads.delete(uploadId);
      await held?.reservation.release();
      return mp.multipartAbort(path, uploadId);
    };
  }
  return new Proxy(driver, {
    get(target, key) {
      if (key in wrapped) return wrapped[key];
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    has: (target, key) => key in wrapped || key in target,
  }) as Admitted;
}

/**
 * Runs a write that bypasses the driver (a presigned PUT of `size` bytes straight to the store) under the
 * admission of an admitted driver; any other driver just runs it.
 */
export async function admitWrite<T>(
  driver: StorageDriver,
  path: string,
  size: number,
  work: () => Promise<T>,
): Promise<T> {
  const admit = (driver as Partial<Admitted>)[ADMIT];
  if (!admit) return work();
  let result: T | undefined;
  await admit(path, size, async () => {
    result = await work();
  });
  return result as T;
}

/**
 * Checks a file of `bytes` against max_upload_size and the capacity left, reserving nothing: before a
 * client is signed an upload straight to the store (it may never send it), or before a task is queued
 * whose size is known (an archive), so the caller hears 413 at once rather than from a failed task.
 */
export async function checkWrite(driver: StorageDriver, bytes: number): Promise<void> {
  const held = (driver as Partial<Admitted>)[ADMISSION];
  await held?.admission.check(held.configId, bytes);
}

/** Counts the bytes a client stored straight in the store, once the server has verified them. */
export async function countDirectWrite(driver: StorageDriver, bytes: number): Promise<void> {
  const held = (driver as Partial<Admitted>)[ADMISSION];
  await held?.admission.stored(held.configId, bytes);
}
