/** The links a path share's page hands the browser, and the preview source that reads through them. */
import type { ClipClient, FsGetResult, FsItem } from '@clip/sdk';
import type { PreviewSource } from '../mount/PreviewPane.tsx';

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
  return { link, source, meta };
}

export type ShareLinks = ReturnType<typeof shareLinks>;
