/** The explorer's pure rules: paths, breadcrumbs, sorting, filtering, range selection, preview kinds. */
import type { FsItem } from '@clip/sdk';
import { previewKind as sharePreviewKind } from '../file/previewKind.ts';

export type SortKey = 'name' | 'size' | 'modified';
export interface SortSpec {
  key: SortKey;
  order: 'asc' | 'desc';
}

/** `/a/b` + `c` -> `/a/b/c`; the root stays `/`. */
export function joinPath(folder: string, name: string): string {
  return `${folder === '/' ? '' : folder.replace(/\/+$/, '')}/${name}`;
}

export function parentPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut <= 0 ? '/' : trimmed.slice(0, cut);
}

export function baseName(path: string): string {
  return path.replace(/\/+$/, '').split('/').pop() ?? '';
}

export interface Crumb {
  name: string;
  path: string;
}

/** `/s3/photos/2024` -> [/, /s3, /s3/photos, /s3/photos/2024]; the first crumb is the root. */
export function crumbs(path: string): Crumb[] {
  const out: Crumb[] = [{ name: '/', path: '/' }];
  let at = '';
  for (const segment of path.split('/').filter(Boolean)) {
    at += `/${segment}`;
    out.push({ name: segment, path: at });
  }
  return out;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** An entry's date for sorting: unknown dates come before every known one. */
export function dateValue(modified: string | null): number {
  const ms = Date.parse(modified ?? '');
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Folders first, then by the chosen key; names break ties so the order is stable. */
export function sortItems(items: readonly FsItem[], sort: SortSpec): FsItem[] {
  const dir = sort.order === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const fa = a.type === 'folder' ? 0 : 1;
    const fb = b.type === 'folder' ? 0 : 1;
    if (fa !== fb) return fa - fb;
    let diff = 0;
    if (sort.key === 'size') diff = (a.size ?? -1) - (b.size ?? -1);
    else if (sort.key === 'modified') diff = dateValue(a.modified) - dateValue(b.modified);
    if (Number.isNaN(diff)) diff = 0;
    return (diff || collator.compare(a.name, b.name)) * (diff ? dir : sort.key === 'name' ? dir : 1);
  });
}

export function filterItems(items: readonly FsItem[], needle: string): FsItem[] {
  const n = needle.trim().toLowerCase();
  return n ? items.filter((i) => i.name.toLowerCase().includes(n)) : [...items];
}

/**
 * Click selection like a file manager: a plain click toggles one (checkbox semantics), shift-click
 * selects the range from the last anchor, keeping what was selected.
 */
export function selectWithClick(
  order: readonly string[],
  selected: ReadonlySet<string>,
  anchor: string | null,
  target: string,
  shift: boolean,
): Set<string> {
  const next = new Set(selected);
  if (shift && anchor !== null) {
    const from = order.indexOf(anchor);
    const to = order.indexOf(target);
    if (from >= 0 && to >= 0) {
      const [lo, hi] = from < to ? [from, to] : [to, from];
      for (let i = lo; i <= hi; i++) next.add(order[i]);
      return next;
    }
  }
  if (next.has(target)) next.delete(target);
  else next.add(target);
  return next;
}

export type ExplorerPreviewKind =
  | 'image'
  | 'video'
  | 'audio'
  | 'pdf'
  | 'markdown'
  | 'text'
  | 'html'
  | 'office'
  | 'none';

const HTML = /\.(html?|xhtml)$/i;

export function previewKindOf(item: Pick<FsItem, 'name' | 'mimetype' | 'size'>): ExplorerPreviewKind {
  if (HTML.test(item.name) || item.mimetype === 'text/html')
    return (item.size ?? 0) <= 1024 * 1024 ? 'html' : 'none';
  return sharePreviewKind(item.mimetype ?? guessType(item.name), item.name, item.size ?? 0);
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  pdf: 'application/pdf',
};

function guessType(name: string): string {
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return TYPES[ext] ?? 'application/octet-stream';
}

/** Text files the explorer may edit in place (the server's update takes up to 10 MiB). */
export function isEditable(item: Pick<FsItem, 'name' | 'mimetype' | 'size' | 'type'>): boolean {
  if (item.type === 'folder') return false;
  const kind = previewKindOf(item);
  return (kind === 'text' || kind === 'markdown' || kind === 'html') && (item.size ?? 0) <= 10 * 1024 * 1024;
}

/** A name the user typed for a new folder or a rename: one path segment. */
export function nameProblem(name: string): 'required' | 'invalid' | null {
  const n = name.trim();
  if (!n) return 'required';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused.
  if (n === '.' || n === '..' || /[/\\\u0000-\u001f]/.test(n)) return 'invalid';
  return null;
}

/** The route's `*` splat -> an explorer path (`/` when missing or not decodable). */
export function pathFromSplat(splat: string | undefined): string {
  try {
    return `/${decodeURIComponent(splat ?? '')}`.replace(/\/+$/, '') || '/';
  } catch {
    return '/';
  }
}

/**
 * Where a file picked from a folder (an `<input webkitdirectory>`, whose names are relative paths such
 * as `photos/2024/a.jpg`) goes under `folder`: `/docs` + `photos/2024/a.jpg` -> `/docs/photos/2024`.
 */
export function folderForRelativePath(folder: string, relativePath: string): string {
  const dirs = relativePath.split('/').filter(Boolean).slice(0, -1);
  return dirs.reduce(joinPath, folder);
}

/**
 * The line ending a text file uses, so an edit saves it back the same way: CRLF when its lines end in
 * \r\n (most of them, for a file that mixes), else \n.
 */
export function lineEndingOf(text: string): '\r\n' | '\n' {
  const crlf = text.match(/\r\n/g)?.length ?? 0;
  const all = text.match(/\n/g)?.length ?? 0;
  return crlf > 0 && crlf >= all - crlf ? '\r\n' : '\n';
}

/**
 * Whether the grid asks the server for an entry's thumbnail: images the server decodes (ADR 0075). SVG
 * shows its type icon: the server never rasterises it.
 */
export function hasThumbnail(item: Pick<FsItem, 'name' | 'type' | 'mimetype'>): boolean {
  return item.type === 'image' && !/\.svgz?$/i.test(item.name) && item.mimetype !== 'image/svg+xml';
}
