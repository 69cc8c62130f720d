/**
 * The one way stored bytes leave the server (share downloads and views, fs download and preview, WebDAV
 * GET and HEAD): the safety headers of their presentation, validators with 304, a single byte range
 * with 416, HEAD without a body, and the body streamed by sendStream.
 */
import type { Readable } from 'node:stream';
import type { Context } from 'koa';
import { RAW } from '../http/envelope.ts';
import type { ByteRange } from '../storage/driver.ts';
import {
  contentDisposition,
  entityTag,
  notModified,
  parseRange,
  rangeStillValid,
  type Validators,
} from './httpCaching.ts';
import { type Presentation, safetyHeaders } from './presentation.ts';
import { sendStream } from './sendStream.ts';

export interface StoredObject {
  /** The name a download is saved under. */
  name: string;
  size: number;
  /** The store's etag; without one no validators are sent, and conditional requests and If-Range are ignored. */
  etag: string | null;
  modified: Date | null;
  /** Opens the bytes (a storage read, whose chunks are the reader's alone). */
  read(range?: ByteRange): Promise<{ stream: Readable; length: number; size: number }>;
}

const header = (ctx: Context, name: string) => ctx.get(name) || undefined;

export async function serveBytes(ctx: Context, object: StoredObject, shown: Presentation): Promise<void> {
  const { size } = object;
  ctx.state[RAW] = true;
  ctx.set(safetyHeaders(shown));
  ctx.set('Cache-Control', 'private, max-age=0, must-revalidate');
  ctx.set('Accept-Ranges', 'bytes');
  const validators: Validators | null = object.etag
    ? { etag: entityTag(object.etag), lastModified: object.modified ?? new Date(0) }
    : null;
  if (validators) ctx.set('ETag', validators.etag);
  if (object.modified) ctx.set('Last-Modified', object.modified.toUTCString());
  const conditional = {
    ifNoneMatch: header(ctx, 'if-none-match'),
    ifModifiedSince: header(ctx, 'if-modified-since'),
  };
  if (validators && notModified(conditional, validators)) {
    ctx.status = 304;
    return;
  }
  const useRange = !validators || rangeStillValid(header(ctx, 'if-range'), validators);
  const range = useRange ? parseRange(header(ctx, 'range'), size) : { kind: 'full' as const };
  if (range.kind === 'unsatisfiable') {
    ctx.set('Content-Range', `bytes */${size}`);
    ctx.status = 416;
    return;
  }
  const partial = range.kind === 'partial';
  ctx.set('Content-Disposition', contentDisposition(shown.disposition, object.name));
  if (ctx.method === 'HEAD') {
    ctx.status = partial ? 206 : 200;
    ctx.type = shown.contentType;
    ctx.length = partial ? range.end - range.start + 1 : size;
    if (partial) ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    return;
  }
  const read = await object.read(partial ? { start: range.start, end: range.end } : undefined);
  ctx.status = partial ? 206 : 200;
  ctx.type = shown.contentType;
  ctx.length = read.length;
  if (partial) ctx.set('Content-Range', `bytes ${range.start}-${range.start + read.length - 1}/${read.size}`);
  sendStream(ctx, read.stream);
}
