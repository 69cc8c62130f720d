import type { FsItemType } from '../../lib/api/mounts.ts';

/** A small glyph per item type (no icon font, no images to load). */
const GLYPHS: Record<FsItemType, string> = {
  folder: '📁',
  file: '📄',
  image: '🖼️',
  video: '🎬',
  audio: '🎵',
  document: '📑',
  archive: '🗜️',
  code: '📝',
};

export function FileIcon({ type, large }: { type: FsItemType; large?: boolean }) {
  return (
    <span className={`file-icon${large ? ' large' : ''}`} aria-hidden="true">
      {GLYPHS[type] ?? GLYPHS.file}
    </span>
  );
}
