/**
 * The one upload spool, for file shares and the file system: a file part that arrived before the form
 * said where it goes (`s3_config_id` or `path` not sent yet) is written to a temporary file under the
 * data dir until the form ends, then streamed to storage from there. Forms that send the routing fields
 * first never touch it. One sweep removes what a dead process left.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileWriter } from '../storage/local/fileWriter.ts';
import { byteLimit } from './byteLimit.ts';

export interface SpooledFile {
  path: string;
  size: number;
}

export const spoolDir = (dataDir: string) => join(dataDir, 'tmp', 'uploads');

/**
 * Writes the part to a fresh temporary file, refusing past `limitBytes` (with `tooLargeMessage` if given);
 * on any failure nothing is left.
 */
export async function spoolPart(
  stream: Readable,
  limitBytes: number,
  dir: string,
  tooLargeMessage?: string,
): Promise<SpooledFile> {
  const path = join(dir, `${randomUUID()}.part`);
  // An error before the pipeline is attached (during mkdir) must not go unhandled; the pipeline still
  // sees it, as the stream is left errored.
  stream.on('error', () => {});
  try {
    await mkdir(dir, { recursive: true });
    // The part's chunks end here: the writer frees each once it is on disk (see fileWriter.ts).
    const file = new FileWriter(path, { flags: 'wx', mode: 0o600, releaseChunks: true });
    await pipeline(stream, byteLimit(limitBytes, tooLargeMessage), file);
    return { path, size: file.bytesWritten };
  } catch (err) {
    await removeSpooled(path);
    // Leave the source flowing so the rest of the form can still be read (or drained).
    stream.resume();
    throw err;
  }
}

/**
 * Runs `use` with a read stream of a spool file, destroyed once `use` settles. The file opens
 * asynchronously: a write refused before it reads leaves the open pending while the caller removes the
 * spool file, and that open's failure then belongs to nobody; unheard, it would end the process. A
 * failure while `use` reads still reaches `use` (through its pipeline).
 */
export async function withSpoolRead<T>(path: string, use: (body: Readable) => Promise<T>): Promise<T> {
  const body = createReadStream(path);
  body.on('error', () => {});
  try {
    return await use(body);
  } finally {
    body.destroy();
  }
}

export async function removeSpooled(path: string): Promise<void> {
  await rm(path, { force: true }).catch(() => {});
}

/** Removes spool files left by a process that died mid-upload (older than `olderThanMs`). */
export async function sweepSpool(dir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  let removed = 0;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.endsWith('.part')) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (info && now - info.mtimeMs > olderThanMs) {
      await removeSpooled(join(dir, name));
      removed++;
    }
  }
  return removed;
}
