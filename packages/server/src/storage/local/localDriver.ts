/**
 * A directory on the server's disk as storage. Paths are jailed below the root (see jail.ts); writes land
 * in a temp file beside the target and are renamed into place, so a failed write leaves nothing behind.
 * A file already on the server's disk (a spooled upload) is adopted: renamed into place, not copied.
 * Resumable uploads are written into the storage itself (`.clip/uploads/`, unreachable by path and never
 * shown by a mount; stagedUpload.ts), so any server process with this storage can complete an upload another one received.
 * No presign or S3 multipart: services stream through the server instead.
 */
import { randomUUID } from 'node:crypto';
import type { Stats } from 'node:fs';
import { chmod, cp, lstat, mkdir, open, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { indexAfter, sortBytewise } from '../byteOrder.ts';
import {
  type AdoptCapability,
  type ByteRange,
  type CopyCapability,
  type ListResultPage,
  type MkdirCapability,
  type ReadResult,
  type RenameCapability,
  type StagedPartsCapability,
  type StorageDriver,
  type StorageEntry,
  StorageNotFoundError,
  StoragePathError,
  StorageRangeError,
  StorageSizeError,
  type WriteOptions,
  type WriteResult,
} from '../driver.ts';
import { baseName, childPath, isSameOrBelow } from '../paths.ts';
import { FileWriter } from './fileWriter.ts';
import { Jail } from './jail.ts';
import { SortedNames } from './sortedNames.ts';
import { LEGACY_PARTS_DIR, PARTS_DIR, StagedUploads } from './stagedUpload.ts';
import { sweepTempFilesBelow, TEMP_PREFIX } from './tempFiles.ts';

const DEFAULT_PAGE = 1000;

const errno = (err: unknown): string | undefined => (err as NodeJS.ErrnoException)?.code;
const isMissing = (err: unknown) => errno(err) === 'ENOENT' || errno(err) === 'ENOTDIR';

function entryOf(path: string, st: Stats): StorageEntry {
  const isDirectory = st.isDirectory();
  return {
    path,
    name: baseName(path),
    isDirectory,
    size: isDirectory ? 0 : st.size,
    modified: st.mtime,
    etag: isDirectory ? null : `${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}`,
    contentType: null,
  };
}

export class LocalDriver
  implements
    StorageDriver,
    AdoptCapability,
    StagedPartsCapability,
    CopyCapability,
    RenameCapability,
    MkdirCapability
{
  readonly type = 'local' as const;
  readonly #jail: Jail;
  /** A large folder's sorted names while it is unchanged, so paging it reads it once. */
  readonly #names = new SortedNames();
  readonly #staged: StagedUploads;

  constructor(options: { root: string }) {
    this.#jail = new Jail(options.root, [PARTS_DIR, LEGACY_PARTS_DIR]);
    this.#staged = new StagedUploads(() => this.#jail.realRoot());
  }

  async stat(path: string): Promise<StorageEntry | null> {
    const at = await this.#jail.locate(path);
    try {
      const st = await stat(at.full);
      return st.isFile() || st.isDirectory() ? entryOf(at.path, st) : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async list(
    path: string,
    options: { cursor?: string | null; limit?: number } = {},
  ): Promise<ListResultPage> {
    const at = await this.#jail.locate(path);
    const limit = Math.max(1, Math.min(options.limit ?? DEFAULT_PAGE, DEFAULT_PAGE));
    let names: readonly string[];
    try {
      // Byte order, like S3 listings, so a cursor means the same on both drivers.
      names = await this.#names.of(at.full, async () =>
        sortBytewise(
          (await readdir(at.full)).filter(
            (n) => !n.startsWith(TEMP_PREFIX) && !(at.path === '' && n === LEGACY_PARTS_DIR),
          ),
        ),
      );
    } catch (err) {
      if (isMissing(err)) return { entries: [], cursor: null };
      throw err;
    }
    const after = options.cursor ?? null;
    const start = after === null ? 0 : indexAfter(names, after);
    const page = names.slice(start, start + limit);
    const entries = await Promise.all(page.map((name) => this.#childEntry(at, name)));
    const more = start + limit < names.length;
    return {
      entries: entries.filter((e): e is StorageEntry => e !== null),
      cursor: more ? page[page.length - 1] : null,
    };
  }

  /** Removes the temp files of dead writes in the folder at `path` and below (tempFiles.ts). */
  async sweepTempFiles(path: string, before: number): Promise<number> {
    return sweepTempFilesBelow((await this.#jail.locate(path)).full, before);
  }

  /**
   * A listed child of a folder the jail has resolved, or null when it is a symlink leading out of the
   * root, broken, reserved, or not a file or directory. A plain file or folder in a folder that is inside
   * is inside too: only a link needs the jail's realpath, which costs a system call per path component
   * and was most of a large folder's listing time.
   */
  async #childEntry(folder: { path: string; full: string }, name: string): Promise<StorageEntry | null> {
    const path = childPath(folder.path, name);
    if (this.#jail.isReserved(path)) return null;
    let st: Stats;
    try {
      // A name read from the folder holds no separator: no need for path.join's normalising.
      st = await lstat(folder.full.endsWith(sep) ? folder.full + name : folder.full + sep + name);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    if (st.isSymbolicLink()) return this.#entryIfInside(path);
    return st.isFile() || st.isDirectory() ? entryOf(path, st) : null;
  }

  /** A path's entry, or null when it is a symlink leading out of the root, broken, or not a file or directory. */
  async #entryIfInside(path: string): Promise<StorageEntry | null> {
    try {
      return await this.stat(path);
    } catch (err) {
      if (err instanceof StoragePathError) return null;
      throw err;
    }
  }

  async read(path: string, range?: ByteRange): Promise<ReadResult> {
    const at = await this.#jail.locate(path);
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(at.full, 'r');
    } catch (err) {
      if (isMissing(err) || errno(err) === 'EISDIR') throw new StorageNotFoundError(`"${at.path}" not found`);
      throw err;
    }
    try {
      const st = await handle.stat();
      if (!st.isFile()) throw new StorageNotFoundError(`"${at.path}" is not a file`);
      let start = 0;
      let end = st.size - 1;
      if (range) {
        if (range.start < 0 || range.end < range.start || range.start >= st.size)
          throw new StorageRangeError(
            `range ${range.start}-${range.end} is outside "${at.path}" (${st.size} bytes)`,
          );
        start = range.start;
        end = Math.min(range.end, st.size - 1);
      }
      const length = end - start + 1;
      const entry = entryOf(at.path, st);
      let stream: Readable;
      if (length === 0) {
        // An empty file: createReadStream cannot express "zero bytes".
        await handle.close();
        stream = Readable.from([]);
      } else stream = handle.createReadStream({ start, end, autoClose: true, highWaterMark: 256 * 1024 });
      return {
        stream,
        length,
        size: st.size,
        etag: entry.etag,
        modified: entry.modified,
        contentType: null,
      };
    } catch (err) {
      await handle.close().catch(() => {});
      throw err;
    }
  }

  async write(path: string, body: Readable, options: WriteOptions = {}): Promise<WriteResult> {
    const at = await this.#jail.locate(path);
    if (at.path === '') throw new StoragePathError('cannot write to the storage root');
    const dir = dirname(at.full);
    const created = await this.#makeParent(dir, at.path);
    const temp = join(dir, `${TEMP_PREFIX}${randomUUID()}`);
    const file = new FileWriter(temp, { flags: 'wx', mode: 0o644, releaseChunks: options.releaseChunks });
    try {
      await pipeline(body, file, { signal: options.signal });
      const written = file.bytesWritten;
      if (options.size !== undefined && written !== options.size)
        throw new StorageSizeError(`body was ${written} bytes, expected ${options.size}`);
      await rename(temp, at.full).catch((err) => {
        if (errno(err) === 'EISDIR' || errno(err) === 'ENOTEMPTY')
          throw new StoragePathError(`"${at.path}" is a directory`);
        throw err;
      });
    } catch (err) {
      await unlink(temp).catch(() => {});
      await removeCreatedDirs(dir, created);
      throw err;
    }
    const st = await stat(at.full);
    return { size: st.size, etag: entryOf(at.path, st).etag };
  }

  async adopt(path: string, file: string): Promise<WriteResult> {
    const at = await this.#jail.locate(path);
    if (at.path === '') throw new StoragePathError('cannot write to the storage root');
    const dir = dirname(at.full);
    const created = await this.#makeParent(dir, at.path);
    const temp = join(dir, `${TEMP_PREFIX}${randomUUID()}`);
    try {
      await chmod(file, 0o644);
      // A rename on the same file system; another one (EXDEV) gets a copy beside the target first.
      await rename(file, temp).catch(async (err) => {
        if (errno(err) !== 'EXDEV') throw err;
        await cp(file, temp);
      });
      await rename(temp, at.full).catch((err) => {
        if (errno(err) === 'EISDIR' || errno(err) === 'ENOTEMPTY')
          throw new StoragePathError(`"${at.path}" is a directory`);
        throw err;
      });
    } catch (err) {
      // Back where it was when it had been moved; a copy is simply dropped.
      await rename(temp, file).catch(() => unlink(temp).catch(() => {}));
      await removeCreatedDirs(dir, created);
      throw err;
    }
    await unlink(file).catch(() => {});
    const st = await stat(at.full);
    return { size: st.size, etag: entryOf(at.path, st).etag };
  }

  async putPart(
    uploadId: string,
    partNumber: number,
    offset: number,
    body: Readable,
    signal?: AbortSignal,
  ): Promise<number> {
    if (!Number.isSafeInteger(partNumber) || partNumber < 1)
      throw new StoragePathError(`bad part number ${partNumber}`);
    return this.#staged.put(uploadId, offset, body, signal);
  }

  /** The parts are already in place in one file: it is adopted (renamed) into `path`, nothing is copied. */
  async joinParts(
    uploadId: string,
    parts: { partNumber: number; size: number }[],
    path: string,
  ): Promise<WriteResult> {
    const size = parts.reduce((sum, p) => sum + p.size, 0);
    const result = await this.adopt(path, await this.#staged.file(uploadId, size));
    await this.#staged.drop(uploadId);
    return result;
  }

  async dropParts(uploadId: string): Promise<void> {
    await this.#staged.drop(uploadId);
  }

  /** Creates the parent directory; answers the first directory it had to create (for cleanup), if any. */
  async #makeParent(dir: string, shown: string): Promise<string | undefined> {
    try {
      return await mkdir(dir, { recursive: true });
    } catch (err) {
      if (errno(err) === 'EEXIST' || errno(err) === 'ENOTDIR')
        throw new StoragePathError(`a file is in the way of "${shown}"`);
      throw err;
    }
  }

  async remove(path: string): Promise<void> {
    const at = await this.#jail.locateEntry(path);
    if (at.path === '') throw new StoragePathError('refusing to remove the storage root');
    // lstat: a symlink is removed itself, never followed (so one pointing out can still be deleted).
    const st = await lstat(at.full).catch((err) => {
      if (isMissing(err)) return null;
      throw err;
    });
    if (!st) return;
    if (st.isDirectory()) await rm(at.full, { recursive: true, force: true });
    else await unlink(at.full);
  }

  async copy(from: string, to: string): Promise<void> {
    const src = await this.#existing(from);
    const dst = await this.#jail.locate(to);
    this.#refuseIntoItself(src.path, dst.path);
    if (src.path === dst.path) return;
    const dir = dirname(dst.full);
    const created = await this.#makeParent(dir, dst.path);
    if (src.isDirectory) {
      await cp(src.full, dst.full, { recursive: true, force: true, verbatimSymlinks: true });
      return;
    }
    const temp = join(dir, `${TEMP_PREFIX}${randomUUID()}`);
    try {
      await cp(src.full, temp);
      await rename(temp, dst.full);
    } catch (err) {
      await unlink(temp).catch(() => {});
      await removeCreatedDirs(dir, created);
      throw err;
    }
  }

  async rename(from: string, to: string): Promise<void> {
    const src = await this.#existing(from);
    const dst = await this.#jail.locate(to);
    this.#refuseIntoItself(src.path, dst.path);
    if (src.path === dst.path) return;
    await this.#makeParent(dirname(dst.full), dst.path);
    try {
      await rename(src.full, dst.full);
    } catch (err) {
      if (['EISDIR', 'ENOTDIR', 'ENOTEMPTY', 'EEXIST'].includes(errno(err) ?? ''))
        throw new StoragePathError(
          `cannot move "${src.path}" onto "${dst.path}": a ${errno(err) === 'ENOTDIR' ? 'file' : 'folder'} is in the way`,
        );
      throw err;
    }
  }

  async mkdir(path: string): Promise<void> {
    const at = await this.#jail.locate(path);
    try {
      await mkdir(at.full, { recursive: true });
    } catch (err) {
      if (errno(err) === 'EEXIST' || errno(err) === 'ENOTDIR')
        throw new StoragePathError(`a file is in the way of "${at.path}"`);
      throw err;
    }
  }

  async close(): Promise<void> {}

  async #existing(path: string) {
    const at = await this.#jail.locate(path);
    const st = await stat(at.full).catch((err) => {
      if (isMissing(err)) throw new StorageNotFoundError(`"${at.path}" not found`);
      throw err;
    });
    if (at.path === '') throw new StoragePathError('the storage root cannot be copied or moved');
    return { ...at, isDirectory: st.isDirectory() };
  }

  #refuseIntoItself(from: string, to: string): void {
    if (to !== from && isSameOrBelow(from, to))
      throw new StoragePathError(`cannot put "${from}" inside itself`);
    if (to === '') throw new StoragePathError('cannot replace the storage root');
  }
}

/** After a failed write: removes the directories this write created, deepest first, while they are empty. */
async function removeCreatedDirs(dir: string, firstCreated: string | undefined): Promise<void> {
  if (!firstCreated) return;
  for (let d = dir; d.length >= firstCreated.length; d = dirname(d)) {
    if (
      !(await rmdir(d).then(
        () => true,
        () => false,
      ))
    )
      return;
    if (d === firstCreated) return;
  }
}
