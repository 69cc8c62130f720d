/** Business constants of spec section 9, shared by server, web and CLI. */
export const API_PREFIX = '/api';
export const DEFAULT_PORT = 8787;
export const DEFAULT_SERVER_URL = `http://localhost:${DEFAULT_PORT}`;
export const AUTH_REVALIDATE_MS = 300_000;
export const MULTIPART_CHUNK_BYTES = 5 * 1024 * 1024;
export const MULTIPART_PART_TIMEOUT_MS = 300_000;
export const MULTIPART_CONCURRENCY = 3;
export const MULTIPART_MAX_PARTS = 10_000;
export const DEFAULT_FILE_LINK_EXPIRY_S = 604_800;
/**
 * The expiry of a new share whose creator chose none, the same in every client (ADR 0065): never, as
 * the API treats an absent `expires_in` (design: absent or 0 = never). The web form and the CLI's
 * `--expire` start from it; the SDK sends nothing.
 */
export const DEFAULT_SHARE_EXPIRY = 'never';
export const DEFAULT_MOUNT_CACHE_TTL_S = 300;
export const MOUNT_NAME_MIN = 2;
export const MOUNT_NAME_MAX = 50;
export const SLUG_MAX = 50;
/** A custom API key is a guessable secret: at least 16 characters (keys made before this still work). */
export const CUSTOM_KEY_MIN = 16;
export const CUSTOM_KEY_MAX = 128;
export const RECENT_UPLOADS = 3;
/** How many of one's own text shares the home page lists. */
export const RECENT_SHARES = 3;
export const PAGE_SIZE_ADMIN_PASTES = 10;
export const PAGE_SIZE_FILES = 50;
export const PAGE_SIZE_USER_PASTES = 10;
/** Megabytes. */
export const MAX_UPLOAD_SIZE_FALLBACK_MB = 100;
/** Default limit on one text share's content, in bytes. */
export const MAX_TEXT_BYTES_DEFAULT = 10 * 1024 * 1024;
export const OFFLINE_CACHE_EXPIRY_MS = 604_800_000;
export const OFFLINE_DB_VERSION = 2;
export const INSTALL_PROMPT_DISMISS_MS = 7 * 24 * 3600 * 1000;
export const DRAFT_AUTOSAVE_MS = 30_000;
export const DRAFT_RESTORE_WINDOW_MS = 24 * 3600 * 1000;
export const OFFLINE_TOAST_MS = 3000;
export const ADMIN_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;
export const URL_UPLOAD_PROGRESS = { downloadEnd: 49, uploadStart: 50, uploadEnd: 99 } as const;
export const WEBDAV_UPLOAD_MODES = ['auto', 'presigned', 'multipart', 'direct'] as const;
export type WebdavUploadMode = (typeof WEBDAV_UPLOAD_MODES)[number];
export const MARKDOWN_EXTENSIONS = [
  'md',
  'markdown',
  'mdown',
  'mkd',
  'mdwn',
  'mdtxt',
  'mdtext',
  'rmd',
] as const;

/** Browser storage keys of spec section 3. */
export const STORAGE_KEYS = {
  language: 'language',
  themeMode: 'themeMode',
  adminToken: 'admin_token',
  apiKey: 'api_key',
  apiKeyPermissions: 'api_key_permissions',
  apiKeyInfo: 'api_key_info',
  pwaInstallDismissed: 'pwa-install-dismissed',
} as const;
