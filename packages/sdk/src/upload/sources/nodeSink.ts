/** A URL upload's download kept in a temporary file (Node), so no size of remote file sits in memory. */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { DownloadSink } from '../sinks.ts';
import { fileSource } from './node.ts';

/** Writes the download below `dir` (default: the OS temp dir); the file is removed once the upload ends. */
export function tempFileSink(dir: string = tmpdir()): DownloadSink {
  return async (body, meta, onBytes, signal) => {
    const folder = await mkdtemp(join(dir, 'clip-url-'));
    const path = join(folder, 'download');
    const dispose = () => rm(folder, { recursive: true, force: true });
    try {
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          onBytes(chunk.length);
          done(null, chunk);
        },
      });
      const remote = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
      await pipeline(remote, counter, createWriteStream(path), { signal });
      const source = await fileSource(path, { name: meta.name, type: meta.type ?? undefined });
      return { ...source, dispose };
    } catch (err) {
      await dispose();
      throw err;
    }
  };
}
