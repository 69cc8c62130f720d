/**
 * A thumbnail as an HTTP answer: the picture (a small WebP, inert under the served-bytes CSP), its ETag
 * with 304 before anything is read or made, and a short private cache life. Clients that put the file's
 * version in the URL (`v`) get a new URL when the file changes; the others revalidate within minutes.
 */
import type { Context } from 'koa';
import type { FsFileHandle } from '../fs/types.ts';
import { RAW } from '../http/envelope.ts';
import type { ThumbnailService } from '../thumbnails/thumbnailService.ts';
import { notModified } from './httpCaching.ts';
import { presentation, safetyHeaders } from './presentation.ts';

const CACHE_CONTROL = 'private, max-age=300';

export async function sendThumbnail(
  ctx: Context,
  thumbnails: ThumbnailService,
  file: FsFileHandle,
  size: number,
): Promise<void> {
  const etag = thumbnails.etag(file, size);
  if (
    notModified({ ifNoneMatch: ctx.get('if-none-match') || undefined }, { etag, lastModified: new Date(0) })
  ) {
    ctx.state[RAW] = true;
    ctx.set({ ETag: etag, 'Cache-Control': CACHE_CONTROL });
    ctx.status = 304;
    return;
  }
  const thumb = await thumbnails.thumbnail(file, size);
  ctx.state[RAW] = true;
  ctx.set(safetyHeaders(presentation(thumb.contentType, 'thumbnail.webp', 'view')));
  ctx.set({ ETag: thumb.etag, 'Cache-Control': CACHE_CONTROL, 'X-Thumbnail': thumb.made ? 'made' : 'kept' });
  ctx.type = thumb.contentType;
  ctx.body = thumb.bytes;
}
