import type { FsItemType } from '@clip/sdk';
import { Icon, type IconName } from '../../components/Icon.tsx';

/** One stroke icon per item type (no icon font, no emoji font needed). */
const ICONS: Record<FsItemType, IconName> = {
  folder: 'folder',
  file: 'file',
  image: 'image',
  video: 'video',
  audio: 'audio',
  document: 'file',
  archive: 'archive',
  code: 'code',
};

export function FileIcon({ type, large }: { type: FsItemType; large?: boolean }) {
  return (
    <span className={`file-icon ${type}${large ? ' large' : ''}`}>
      <Icon name={ICONS[type] ?? 'file'} size={large ? 40 : 18} />
    </span>
  );
}
