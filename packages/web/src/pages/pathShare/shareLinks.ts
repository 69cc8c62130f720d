/** The links a path share's page hands the browser, and the preview source that reads through them. */
import { type ClipClient, type FsGetResult, type FsItem, THUMBNAIL_DEFAULT_SIZE } from '@clip/sdk';
import { hasThumbnail } from '../mount/explorerModel.ts';
import type { PreviewSource } from '../mount/PreviewPane.tsx';
import { type ThumbnailOf, versionOf } from '../mount/useThumbnails.ts';

export function shareLinks(client: ClipClient, slug: string, token: string) {
  const link = (what: 'download' | 'preview' | 'zip', path: string) =>
    new URL(client.pathShares.link(slug, what, path, { token }), window.location.href).href;
  const source: PreviewSource = {
    async readText(path, signal) {
      const res = await fetch(link('preview', path), { signal });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.text();
    },
    // The viewers fetch the file by its plain link, which carries the share's token for its hour.
    officeUrl: async (path) => link('download', path),
  };
  /** What PreviewPane needs of a file: its links inside the share (no HTML rendering frame). */
  const meta = (item: FsItem): FsGetResult => ({
    ...item,
    download_url: link('download', item.path),
    preview_url: link('preview', item.path),
    render_url: null,
  });
  /** The grid's thumbnails, through the share with its token (ADR 0075). */
  const thumbnailOf: ThumbnailOf = (item) =>
    hasThumbnail(item)
      ? client.pathShares.thumbnailLink(
          slug,
          item.path,
          { token },
          { size: THUMBNAIL_DEFAULT_SIZE, v: versionOf(item) },
        )
      : null;
  return { link, source, meta, thumbnailOf };
}

export type ShareLinks = ReturnType<typeof shareLinks>;
