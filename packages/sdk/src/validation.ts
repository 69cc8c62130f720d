/** Validation rules of spec section 5, shared by server, web and CLI. Each returns null or a message. */
import { CUSTOM_KEY_MAX, CUSTOM_KEY_MIN, MARKDOWN_EXTENSIONS, SLUG_MAX } from './constants.ts';

export const SLUG_PATTERN = '^[A-Za-z0-9_-]+$';
const SLUG_RE = new RegExp(SLUG_PATTERN);

/** Words a custom slug may not be: they collide with routes or would mislead readers. */
export const RESERVED_SLUGS: readonly string[] = [
  'api',
  'admin',
  'raw',
  'paste',
  'pastes',
  'file',
  'files',
  'upload',
  'uploads',
  'dav',
  'webdav',
  'mount-explorer',
  'public',
  'static',
  'assets',
  'login',
  'logout',
  'health',
  'version',
  'user',
  'system',
  'settings',
  'share',
  's3',
  'url',
  'fs',
  'new',
  'edit',
  'delete',
  'sw',
  'manifest',
];

export function slugProblem(slug: string): string | null {
  if (slug.length === 0) return 'slug must not be empty';
  if (slug.length > SLUG_MAX) return `slug must be at most ${SLUG_MAX} characters`;
  if (!SLUG_RE.test(slug)) return 'slug may contain only letters, digits, hyphen and underscore';
  if (RESERVED_SLUGS.includes(slug.toLowerCase())) return `slug "${slug}" is reserved`;
  return null;
}

export const CUSTOM_KEY_PATTERN = '^[A-Za-z0-9_-]+$';

export function customKeyProblem(key: string): string | null {
  if (key.length === 0) return 'custom key must not be empty';
  if (!new RegExp(CUSTOM_KEY_PATTERN).test(key))
    return 'custom key may contain only letters, digits, underscore and hyphen';
  if (key.length < CUSTOM_KEY_MIN) return `custom key must be at least ${CUSTOM_KEY_MIN} characters`;
  if (key.length > CUSTOM_KEY_MAX) return `custom key must be at most ${CUSTOM_KEY_MAX} characters`;
  return null;
}

export function maxViewsProblem(n: number): string | null {
  if (!Number.isInteger(n)) return 'max_views must be a whole number';
  if (n < 0) return 'max_views cannot be negative';
  return null;
}

export function contentProblem(content: string): string | null {
  if (content.trim().length === 0) return 'content must not be empty';
  return null;
}

export function httpUrlProblem(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'URL must use http or https';
    return null;
  } catch {
    return 'URL is not valid';
  }
}

export function isMarkdownFilename(name: string): boolean {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  return name.includes('.') && (MARKDOWN_EXTENSIONS as readonly string[]).includes(ext);
}

/** The content type an upload is sent with: Markdown by extension, else the file's own, else octet-stream. */
export function uploadContentType(name: string, ownType?: string | null): string {
  if (isMarkdownFilename(name)) return 'text/markdown';
  return ownType || 'application/octet-stream';
}
