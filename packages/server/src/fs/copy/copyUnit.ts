/**
 * Copies one unit. Same storage config: the driver's server-side copy. Across configs: the source is
 * streamed into the target; above 100 MiB into a multipart upload whose parts are ranged reads of the
 * source, a few at a time, so memory stays near part size x parts in flight and no temporary file holds
 * the object. Transient storage errors are retried (tasks/transient.ts); cancel is checked between parts.
 */
import { Transform } from 'node:stream';
import { COPY_MULTIPART_THRESHOLD } from '@clip/sdk/contract';
import { conflict } from '../../http/appError.ts';
import {
  canCopy,
  canMkdir,
  canMultipart,
  canStreamPut,
  type MultipartPart,
  type StorageDriver,
} from '../../storage/driver.ts';
import { pipeThrough } from '../../storage/pipeThrough.ts';
import { withRetry } from '../../tasks/transient.ts';
import type { ResolvedMountPath } from '../types.ts';
import type { CopyUnit } from './plan.ts';

const MiB = 1024 * 1024;
/** Parts of a cross-storage multipart copy and how many run at once (the memory bound). */
export const COPY_PART_BYTES = 16 * MiB;
export const COPY_PARTS_IN_FLIGHT = 4;
/**
 * Objects up to 100 MiB go to a target that takes a streamed PUT in one request (nothing buffered, and
 * no multipart assembly on the store); above, through its multipart capability with 16 MiB streamed parts
 * (the driver's own write would buffer its parts in memory).
 */

export interface UnitContext {
  skipExisting: boolean;
  signal?: AbortSignal;
  /** Called between parts; throws to stop. */
  checkpoint?: () => void;
  addBytes?: (n: number) => void;
}

export type UnitOutcome = 'copied' | 'skipped';

/** Why a file was skipped: one is at the target already, and the copy was asked to keep what exists. */
export const SKIPPED_EXISTING = 'already at the target (kept)';

export async function copyUnit(
  unit: CopyUnit,
  from: ResolvedMountPath,
  to: ResolvedMountPath,
  ctx: UnitContext,
): Promise<UnitOutcome> {
  const retry = <T>(fn: () => Promise<T>) => withRetry(fn, { signal: ctx.signal });
  if (unit.kind === 'folder') {
    // skipExisting is per file: a folder that is there already (made earlier, or by a file of this very
    // copy landing first on S3, where a folder exists once a key is below it) simply counts as ensured.
    const existing = await retry(() => to.driver.stat(to.storagePath));
    if (existing?.isDirectory) return 'copied';
    if (existing) throw conflict(`"${to.path}" is a file; the folder cannot be copied onto it`);
    const driver = to.driver;
    if (!canMkdir(driver)) return 'copied';
    try {
      await retry(() => driver.mkdir(to.storagePath));
    } catch (err) {
      // A file of the folder, copied alongside, may have created it first.
      if (!(await driver.stat(to.storagePath))?.isDirectory) throw err;
    }
    return 'copied';
  }
  // Only skipExisting needs to look first (a storage request per file): a replacing copy just writes,
  // and a folder in the way fails the write itself.
  if (ctx.skipExisting) {
    const existing = await retry(() => to.driver.stat(to.storagePath));
    if (existing?.isDirectory) throw conflict(`"${to.path}" is a folder; the file cannot replace it`);
    if (existing) return 'skipped';
  }
  ctx.checkpoint?.();
  const sameStorage = from.mount.storageConfigId === to.mount.storageConfigId;
  const driver = from.driver;
  if (sameStorage && canCopy(driver)) {
    await retry(() => driver.copy(from.storagePath, to.storagePath));
    ctx.addBytes?.(unit.size);
    return 'copied';
  }
  const target = to.driver;
  if (unit.size > COPY_MULTIPART_THRESHOLD && canMultipart(target)) {
    await multipartCopy(from, to, target, unit.size, ctx);
    return 'copied';
  }
  await retry(async () => {
    const read = await from.driver.read(from.storagePath);
    let counted = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        counted += chunk.length;
        ctx.addBytes?.(chunk.length);
        done(null, chunk);
      },
    });
    const body = pipeThrough(read.stream, counter);
    const options = { size: read.size, contentType: read.contentType ?? undefined, signal: ctx.signal };
    try {
      if (canStreamPut(target)) await target.streamPut(to.storagePath, body, options);
      else await target.write(to.storagePath, body, options);
    } catch (err) {
      read.stream.destroy();
      // A retried attempt counts its bytes again.
      ctx.addBytes?.(-counted);
      throw err;
    }
  });
  return 'copied';
}

async function multipartCopy(
  from: ResolvedMountPath,
  to: ResolvedMountPath,
  target: StorageDriver & import('../../storage/driver.ts').MultipartCapability,
  size: number,
  ctx: UnitContext,
): Promise<void> {
  const partSize = Math.max(COPY_PART_BYTES, Math.ceil(size / 10_000 / MiB) * MiB);
  const count = Math.ceil(size / partSize);
  const source = await withRetry(() => from.driver.stat(from.storagePath), { signal: ctx.signal });
  const { uploadId } = await withRetry(
    () => target.multipartInit(to.storagePath, { contentType: source?.contentType ?? undefined }),
    { signal: ctx.signal },
  );
  const parts: MultipartPart[] = [];
  let next = 1;
  const worker = async () => {
    while (next <= count) {
      ctx.checkpoint?.();
      const partNumber = next++;
      const start = (partNumber - 1) * partSize;
      const end = Math.min(size, start + partSize) - 1;
      const part = await withRetry(
        async () => {
          const read = await from.driver.read(from.storagePath, { start, end });
          try {
            return await target.multipartUploadPart(
              to.storagePath,
              uploadId,
              partNumber,
              read.stream,
              end - start + 1,
            );
          } catch (err) {
            read.stream.destroy();
            throw err;
          }
        },
        { signal: ctx.signal },
      );
      ctx.addBytes?.(end - start + 1);
      parts.push(part);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(COPY_PARTS_IN_FLIGHT, count) }, worker));
    ctx.checkpoint?.();
    await withRetry(() => target.multipartComplete(to.storagePath, uploadId, parts), { signal: ctx.signal });
  } catch (err) {
    await target.multipartAbort(to.storagePath, uploadId);
    throw err;
  }
}
