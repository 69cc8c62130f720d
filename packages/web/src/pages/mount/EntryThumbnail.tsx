/** An image entry's picture in the grid: its thumbnail, loaded when it scrolls near, or its type icon. */
import type { FsItemType } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FileIcon } from './FileIcon.tsx';

export function EntryThumbnail({ src, name, type }: { src: string; name: string; type: FsItemType }) {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  // Not an image after all, too large, or a link gone stale: the type icon, as for any other file.
  if (failed) return <FileIcon type={type} large />;
  return (
    <img
      className="entry-thumb"
      src={src}
      alt={t`Thumbnail of ${name}`}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
