/**
 * Resumable uploads into a local storage (ADR 0027): every part is written at its own offset into one file,
 * `<root>/.clip/uploads/<upload id>/data` (in the server's reserved folder, ADR 0040), and completing
 * renames that file into place. Parts have fixed offsets (all but the last are the session's part size),
 * so nothing is read back or copied at the end. A part never writes outside its range (its body is held to
 * its size before it reaches the file); which parts are whole is the database's business (upload_parts),
 * not the file's. A part is written by `FileWriter` at its offset: one `writev` per batch of queued chunks,
 * each chunk freed once on disk (the part's body is the storage's alone, driver.ts), as the direct upload
 * does (ADR 0026).
 */

import { once } from 'node:events';
import { constants } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageNotFoundError, StoragePathError } from '../driver.ts';
import { UPLOADS_PREFIX } from '../serverObjects.ts';
import { FileWriter } from './fileWriter.ts';

/** `<root>/.clip/uploads/`: never listed nor reachable by path (the jail reserves it). */
export const PARTS_DIR = UPLOADS_PREFIX;
/** Where parts waited before ADR 0040: moved into PARTS_DIR on first use, reserved until then. */
export const LEGACY_PARTS_DIR = '.clip-uploads';
const UPLOAD_ID = /^[0-9a-f-]{36}$/;
/** The one file of an upload in progress; holes stay where parts have not arrived yet. */
const DATA_FILE = 'data';

export class StagedUploads {
  readonly #realRoot: () => Promise<string>;
  #partsDir: Promise<string> | null = null;

  constructor(realRoot: () => Promise<string>) {
    this.#realRoot = realRoot;
  }

  async #dir(uploadId: string): Promise<string> {
    if (!UPLOAD_ID.test(uploadId)) throw new StoragePathError(`bad upload id "${uploadId}"`);
    if (!this.#partsDir) {
      this.#partsDir = this.#realRoot().then(adoptLegacyParts);
      // A failure (the root not there yet) is retried on the next call rather than kept.
      this.#partsDir.catch(() => {
        this.#partsDir = null;
      });
    }
    return join(await this.#partsDir, uploadId);
  }

  /** Writes `body` at `offset` of the upload's file (created on the first part); answers the bytes written. */
  async put(uploadId: string, offset: number, body: Readable, signal?: AbortSignal): Promise<number> {
    if (!Number.isSafeInteger(offset) || offset < 0) throw new StoragePathError(`bad part offset ${offset}`);
    const dir = await this.#dir(uploadId);
    await mkdir(dir, { recursive: true });
    // No O_TRUNC: other parts, perhaps being written by other requests or processes, share the file.
    const out = new FileWriter(join(dir, DATA_FILE), {
      flags: constants.O_WRONLY | constants.O_CREAT,
      mode: 0o644,
      start: offset,
      releaseChunks: true,
    });
    try {
      await pipeline(body, out, { signal });
    } catch (err) {
      // Answered only once a write already under way has landed and the file is closed.
      if (!out.closed) await once(out, 'close').catch(() => {});
      throw err;
    }
    return out.bytesWritten;
  }

  /** The upload's file, checked to hold `size` bytes, cut to exactly that; the caller moves it into place. */
  async file(uploadId: string, size: number): Promise<string> {
    const file = join(await this.#dir(uploadId), DATA_FILE);
    const st = await stat(file).catch(() => null);
    // Shorter means its last part never arrived here (a session from before ADR 0027, or dropped files).
    if (!st?.isFile() || st.size < size)
      throw new StorageNotFoundError(`the parts of upload ${uploadId} are not in the storage`);
    if (st.size > size) await truncate(file, size);
    return file;
  }

  async drop(uploadId: string): Promise<void> {
    await rm(await this.#dir(uploadId), { recursive: true, force: true });
  }
}

/**
 * Uploads an older server left in `<root>/.clip-uploads/` move into `<root>/.clip/uploads/`, so they still
 * complete; each is one rename, and one another process already moved is simply gone. Answers PARTS_DIR.
 */
async function adoptLegacyParts(root: string): Promise<string> {
  const dir = join(root, ...PARTS_DIR.split('/'));
  const legacy = join(root, LEGACY_PARTS_DIR);
  const ids = await readdir(legacy).catch(() => null);
  if (ids === null) return dir;
  await mkdir(dir, { recursive: true });
  for (const id of ids) await rename(join(legacy, id), join(dir, id)).catch(() => {});
  await rmdir(legacy).catch(() => {});
  return dir;
}
