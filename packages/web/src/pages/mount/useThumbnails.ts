/**
 * The grid's thumbnail sources for a folder of a mount: one signed link per folder (an `<img>` sends no
 * auth header), asked for when the grid shows a folder with images and again before it expires. The
 * file's etag (or modified time) goes into each URL, so a changed file is fetched anew.
 */
import { type FsItem, THUMBNAIL_DEFAULT_SIZE, thumbnailUrl } from '@clip/sdk';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { hasThumbnail } from './explorerModel.ts';

/** A link is asked for again this long before it expires. */
const RENEW_BEFORE_MS = 5 * 60_000;

export type ThumbnailOf = (item: FsItem) => string | null;

export const versionOf = (item: FsItem) => item.etag ?? item.modified ?? undefined;

export function useThumbnails(folder: string, enabled: boolean): ThumbnailOf | undefined {
  const { client } = useServices();
  const [link, setLink] = useState<{ folder: string; url: string } | null>(null);
  const [renewals, setRenewals] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `renewals` asks for the link again.
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    client.fs.thumbnailLink(folder).then(
      ({ url, expires_at }) => {
        if (!live) return;
        setLink({ folder, url });
        const renewIn = Date.parse(expires_at) - Date.now() - RENEW_BEFORE_MS;
        timer = setTimeout(() => setRenewals((n) => n + 1), Math.max(60_000, renewIn));
      },
      // No link (no read permission here, a folder above the mounts): the grid shows type icons.
      () => live && setLink(null),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, folder, enabled, renewals]);
  if (!enabled || !link || link.folder !== folder) return undefined;
  return (item) =>
    hasThumbnail(item)
      ? thumbnailUrl(link.url, item.name, { size: THUMBNAIL_DEFAULT_SIZE, v: versionOf(item) })
      : null;
}
