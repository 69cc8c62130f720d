/** Recognises links to file shares (`/file/{slug}`, `/api/file-download/{slug}`, `/api/public/files/{slug}`). */
import { normalizeServerUrl } from './serverUrl.ts';

export interface FileShareRef {
  slug: string;
  server: string;
}

const SLUG_RE = /^[A-Za-z0-9_-]+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f]/g;
const FILE_PATH_RE = /^(.*?)\/(?:file|api\/file-download|api\/file-view|api\/public\/files)\/([^/]+)\/?$/;

/** The share a file link points at, or null when `ref` is not a file share link (a slug, a text link). */
export function parseFileShareRef(ref: string): FileShareRef | null {
  const value = ref.trim();
  if (!/^https?:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const match = FILE_PATH_RE.exec(url.pathname);
  if (!match) return null;
  const slug = decodeURIComponent(match[2]);
  if (!SLUG_RE.test(slug)) return null;
  return { slug, server: normalizeServerUrl(`${url.origin}${match[1]}`, 'share link') };
}

/** A filename from the server made safe to create in a directory: one segment, nothing hidden or special. */
export function safeLocalFilename(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(CONTROL, '').replace(/^\.+/, '').trim();
  return cleaned || 'download';
}
