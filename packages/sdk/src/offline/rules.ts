/**
 * Spec section 7's offline cache rules: which GET answers are kept (never one that carries a
 * secret), and where in the offline database each lives (pastes and files by slug, directories by path, everything else in settings
 * under an `api_cache_` key).
 */
import type { OfflineStoreName } from './store.ts';

export const SETTINGS_CACHE_PREFIX = 'api_cache_';

/** Paths whose answers must always be fresh, or are streams rather than data. */
const NEVER_CACHED = [
  '/api/system/',
  '/api/health',
  '/api/version',
  'file-download',
  'file-view',
  'office-preview',
  '/api/admin/fs/preview',
  '/api/admin/fs/download',
  '/api/user/fs/preview',
  '/api/user/fs/download',
];

/**
 * Answers that carry secrets (API keys in clear, storage credentials, tokens and what verifies them)
 * never reach the offline database, where they would outlive the session by days.
 */
const SECRET_PATHS = [
  /^\/api\/(?:admin\/|user\/)?api-keys(?:\/|$)/,
  /^\/api\/(?:admin\/)?s3-configs(?:\/|$)/,
  /^\/api\/(?:admin\/)?storage-configs(?:\/|$)/,
  /^\/api\/test\//,
  /^\/api\/auth\//,
];
/** A URL that carries a credential in its query (a share password, a token, a signature) is never kept. */
const SECRET_PARAMS = ['password', 'token', 'key', 'api_key', 'sig', 'signature'];

const BINARY_TYPES = [/^image\//, /^video\//, /^audio\//, /^application\/pdf/, /^application\/octet-stream/];

export interface CacheSlot {
  store: OfflineStoreName;
  key: string;
}

export function isBinaryContentType(contentType: string | null): boolean {
  const type = (contentType ?? '').toLowerCase().trim();
  return BINARY_TYPES.some((re) => re.test(type));
}

/** Where a GET of `url` is cached, or null when spec section 7 says it is not cached. */
export function cacheSlotFor(url: string): CacheSlot | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://offline.invalid');
  } catch {
    return null;
  }
  const path = parsed.pathname;
  if (!path.startsWith('/api/')) return null;
  if (NEVER_CACHED.some((part) => path.includes(part))) return null;
  if (SECRET_PATHS.some((re) => re.test(path))) return null;
  if (SECRET_PARAMS.some((name) => parsed.searchParams.has(name))) return null;

  const paste = /^\/api\/paste\/([^/]+)$/.exec(path);
  if (paste) return { store: 'pastes', key: decodeURIComponent(paste[1]) };
  const file = /^\/api\/(?:file|public\/files)\/([^/]+)$/.exec(path);
  if (file) return { store: 'files', key: decodeURIComponent(file[1]) };
  if (/^\/api\/(?:admin\/|user\/)?fs\/list$/.test(path))
    return { store: 'directories', key: parsed.searchParams.get('path') ?? '/' };
  return { store: 'settings', key: `${SETTINGS_CACHE_PREFIX}${path.slice('/api/'.length)}${parsed.search}` };
}
