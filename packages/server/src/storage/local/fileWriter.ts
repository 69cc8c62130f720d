/**
 * A file as a Writable that writes whatever has queued in one `writev`, and that can free each chunk's
 * memory as soon as it is on disk (`releaseChunks`).
 *
 * Why release: every chunk of a request body is a fresh 64 KiB buffer outside the V8 heap. V8 frees such
 * buffers only when a scavenge sweeps them, and until then counts them as old-generation growth
 * ("allocated external memory since the last mark-compact"), so a gigabyte upload made the server run a
 * full mark-compact of its whole heap every 10 to 20 MiB: half of its CPU time
 * (bench/results/upload-profile.md). `releaseChunk` frees a written chunk at once.
 *
 * Chunks are released only when the caller says they are the writer's alone: nothing else may read them
 * after they are written (a request body's file part, not a stream teed to two places).
 */
import { type FileHandle, open } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { releaseChunk } from '../releaseChunk.ts';

/** Enough queued chunks per `writev` to make the write calls few (16 request chunks). */
const HIGH_WATER_MARK = 1024 * 1024;

export interface FileWriterOptions {
  /** `open` flags, e.g. 'wx' (the file must not exist). */
  flags: string | number;
  mode: number;
  /**
   * Where the first byte goes; the writes are then positional, so several writers can fill their own
   * ranges of one file at once (the parts of a resumable upload). Default: from the file's start.
   */
  start?: number;
  /** The chunks are the writer's alone: free each one's memory once it is written. */
  releaseChunks?: boolean;
}

/** Writes all of `buffers` (at `position` when not null), continuing after a short write. */
async function writevAll(file: FileHandle, buffers: Buffer[], position: number | null): Promise<number> {
  const total = buffers.reduce((sum, b) => sum + b.length, 0);
  let done = 0;
  let rest = [...buffers];
  while (done < total) {
    const { bytesWritten } = await file.writev(rest, position === null ? undefined : position + done);
    if (bytesWritten === 0) throw new Error('the disk accepted no bytes');
    done += bytesWritten;
    let skip = bytesWritten;
    while (skip > 0 && skip >= rest[0].length) skip -= rest.shift()!.length;
    if (skip > 0) rest = [rest[0].subarray(skip), ...rest.slice(1)];
  }
  return total;
}

/** Opens `path` before the first write and writes into it; the file is closed on finish or error. */
export class FileWriter extends Writable {
  /** Bytes written so far. */
  bytesWritten = 0;
  readonly #path: string;
  readonly #options: FileWriterOptions;
  #file: FileHandle | null = null;

  constructor(path: string, options: FileWriterOptions) {
    super({ highWaterMark: HIGH_WATER_MARK });
    this.#path = path;
    this.#options = options;
  }

  override _construct(callback: (err?: Error | null) => void): void {
    open(this.#path, this.#options.flags, this.#options.mode).then((file) => {
      this.#file = file;
      callback();
    }, callback);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (err?: Error | null) => void): void {
    this._writev([{ chunk }], callback);
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (err?: Error | null) => void): void {
    const buffers = chunks.map(({ chunk }) => chunk);
    const { start } = this.#options;
    writevAll(this.#file!, buffers, start === undefined ? null : start + this.bytesWritten).then((n) => {
      this.bytesWritten += n;
      if (this.#options.releaseChunks) for (const b of buffers) releaseChunk(b);
      callback();
    }, callback);
  }

  override _final(callback: (err?: Error | null) => void): void {
    this.#close().then(() => callback(), callback);
  }

  override _destroy(err: Error | null, callback: (err?: Error | null) => void): void {
    this.#close().then(
      () => callback(err),
      () => callback(err),
    );
  }

  async #close(): Promise<void> {
    const file = this.#file;
    this.#file = null;
    await file?.close();
  }
}
