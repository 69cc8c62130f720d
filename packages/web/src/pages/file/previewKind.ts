/** How a shared file can be shown in the page, from its type and name. */
import { isMarkdownFilename } from '@clip/sdk';

export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'markdown' | 'text' | 'office' | 'none';

/** Largest text shown inline; bigger files are downloaded instead. */
export const TEXT_PREVIEW_MAX_BYTES = 1024 * 1024;

const OFFICE = /\.(docx?|xlsx?|pptx?|odt|ods|odp|rtf)$/i;
const TEXT_EXT =
  /\.(txt|log|csv|tsv|json|ya?ml|xml|toml|ini|conf|sh|py|js|mjs|ts|tsx|jsx|go|rs|java|c|h|cpp|cs|rb|php|sql|css|html?|diff|patch)$/i;
const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|x-yaml|yaml|toml|x-sh|sql))/;

export function previewKind(mimetype: string, filename: string, size: number): PreviewKind {
  const type = mimetype.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type === 'application/pdf') return 'pdf';
  if (OFFICE.test(filename)) return 'office';
  const textual =
    isMarkdownFilename(filename) ||
    type === 'text/markdown' ||
    TEXT_TYPES.test(type) ||
    TEXT_EXT.test(filename);
  if (!textual || size > TEXT_PREVIEW_MAX_BYTES) return 'none';
  return isMarkdownFilename(filename) || type === 'text/markdown' ? 'markdown' : 'text';
}
