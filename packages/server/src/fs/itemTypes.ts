/** The item type of spec section 3 ("file system item") from a file name's extension. */
import type { FsItemType } from '@clip/sdk';

const BY_EXTENSION: Record<Exclude<FsItemType, 'folder' | 'file'>, string[]> = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'svg', 'ico', 'tif', 'tiff', 'avif', 'heic', 'heif'],
  video: ['mp4', 'webm', 'mkv', 'mov', 'avi', 'wmv', 'flv', 'm4v', 'mpeg', 'mpg', '3gp', 'ogv', 'ts'],
  audio: ['mp3', 'wav', 'flac', 'aac', 'ogg', 'oga', 'm4a', 'opus', 'wma', 'aiff', 'mid', 'midi'],
  document: [
    'pdf',
    'doc',
    'docx',
    'xls',
    'xlsx',
    'ppt',
    'pptx',
    'odt',
    'ods',
    'odp',
    'rtf',
    'txt',
    'md',
    'markdown',
    'csv',
    'epub',
    'pages',
    'numbers',
    'key',
  ],
  archive: ['zip', 'rar', '7z', 'tar', 'gz', 'tgz', 'bz2', 'xz', 'zst', 'lz', 'lzma', 'cab', 'iso', 'dmg'],
  code: [
    'js',
    'mjs',
    'cjs',
    'jsx',
    'tsx',
    'py',
    'rb',
    'go',
    'rs',
    'java',
    'kt',
    'c',
    'h',
    'cpp',
    'hpp',
    'cc',
    'cs',
    'php',
    'swift',
    'sh',
    'bash',
    'zsh',
    'ps1',
    'bat',
    'sql',
    'html',
    'htm',
    'css',
    'scss',
    'less',
    'json',
    'xml',
    'yaml',
    'yml',
    'toml',
    'ini',
    'vue',
    'svelte',
    'lua',
    'pl',
    'r',
    'dart',
    'scala',
  ],
};

const TYPE_OF = new Map<string, FsItemType>();
for (const [type, exts] of Object.entries(BY_EXTENSION))
  for (const ext of exts) TYPE_OF.set(ext, type as FsItemType);

export function itemTypeOf(name: string, isFolder: boolean): FsItemType {
  if (isFolder) return 'folder';
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return 'file';
  return TYPE_OF.get(name.slice(dot + 1).toLowerCase()) ?? 'file';
}
