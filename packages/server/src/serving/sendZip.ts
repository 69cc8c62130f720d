/**
 * A ZIP archive streamed straight from storage to the response (links.md "Path shares"): entries stored,
 * not compressed (most large files are compressed already, and the CPU stays free), each source opened
 * only when its turn comes, so memory stays near one chunk per stage whatever the folder's size. yazl
 * writes UTF-8 names with the language-encoding flag and switches to ZIP64 on its own past 4 GiB or
 * 65,535 entries; with every size known up front it tells the archive's exact length, which goes out as
 * Content-Length so a browser shows a real progress bar.
 */
import type { Readable } from 'node:stream';
import type { Context } from 'koa';
import { ZipFile } from 'yazl';
import { RAW } from '../http/envelope.ts';
import { contentDisposition } from './httpCaching.ts';
import { presentation, safetyHeaders } from './presentation.ts';
import { sendStream } from './sendStream.ts';

export interface ZipEntry {
  /** '/'-separated name inside the archive; folders end with '/'. */
  name: string;
  modified: Date | null;
  /** Files only: exact size, and the bytes when their turn comes. */
  file?: { size: number; open(): Promise<Readable> };
}

/** Sends `entries` in their order as `filename` (an attachment). Headers go out before the first byte. */
export function sendZip(ctx: Context, filename: string, entries: ZipEntry[]): void {
  const shown = presentation('application/zip', filename, 'download');
  const headers = {
    ...safetyHeaders(shown),
    'Content-Type': shown.contentType,
    'Content-Disposition': contentDisposition('attachment', filename),
    'Cache-Control': 'no-store',
  };
  // A HEAD learns that the archive would be sent (the walk and its limit already passed), not its
  // length: yazl starts reading the first source as soon as it is added.
  if (ctx.method === 'HEAD') {
    ctx.state[RAW] = true;
    ctx.body = null;
    ctx.status = 200;
    ctx.set(headers);
    return;
  }
  const zip = new ZipFile();
  // The one source being read: a client gone mid-archive must not leave it open (a file, an S3 socket).
  let reading: Readable | null = null;
  for (const entry of entries) {
    const mtime = entry.modified ?? new Date(0);
    const { file } = entry;
    if (!file) {
      zip.addEmptyDirectory(entry.name, { mtime });
      continue;
    }
    zip.addReadStreamLazy(entry.name, { mtime, size: file.size, compress: false }, (done) => {
      file.open().then(
        (stream) => {
          reading = stream;
          done(null, stream);
        },
        (err: Error) => done(err, undefined as never),
      );
    });
  }
  let length = -1;
  // yazl answers the total length through end()'s callback (its typings leave the argument out).
  const end = zip.end as (options: object, sized: (total: number) => void) => void;
  end.call(zip, {}, (total) => {
    length = total;
  });
  ctx.state[RAW] = true;
  ctx.status = 200;
  ctx.set(headers);
  if (length >= 0) ctx.set('Content-Length', String(length));
  // A source that fails mid-archive cuts the response: the client sees a short, broken download.
  const output = zip.outputStream as unknown as Readable;
  zip.on('error', (err: Error) => output.destroy(err));
  output.once('close', () => reading?.destroy());
  sendStream(ctx, output);
}
