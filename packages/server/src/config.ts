/** Configuration from the environment, validated once at start (design.md's table). */
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  secret: string | null;
  publicUrl: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  adminUsername: string | null;
  adminPassword: string | null;
  /** Directory holding the built web app; null serves no web app. */
  webDir: string | null;
  /** How often expired and used-up shares are swept, in ms. */
  sweepIntervalMs: number;
  /** Largest text share content, in bytes. */
  maxTextBytes: number;
  allowPrivateUrls: boolean;
  /**
   * How many reverse proxies in front append to `X-Forwarded-For` (CLIP_TRUST_PROXY): the client is the
   * address that many entries from the right, the one our outermost proxy wrote. 0 trusts no header.
   */
  trustProxyHops: number;
  /** Wrong credentials (passwords, keys, tokens) per client address within the window before 429. */
  loginMaxFailures: number;
  loginWindowMs: number;
  /** A task whose runner stopped renewing for this long is taken over by another process, in ms. */
  taskLeaseMs: number;
  /** How often an idle task runner looks for work, in ms (0: this process runs no tasks). */
  taskPollMs: number;
}

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
}

function optional(env: NodeJS.ProcessEnv, name: string): string | null {
  const v = env[name];
  return v === undefined || v === '' ? null : v;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaults: Partial<Config> = {}): Config {
  const logLevel = (env.CLIP_LOG_LEVEL || defaults.logLevel || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`CLIP_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);

  const databaseUrl = optional(env, 'DATABASE_URL') ?? defaults.databaseUrl ?? null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new ConfigError(`DATABASE_URL must be a postgres:// URL, got "${databaseUrl.split('@').pop()}"`);

  const publicUrl = optional(env, 'CLIP_PUBLIC_URL') ?? defaults.publicUrl ?? null;
  if (publicUrl) {
    try {
      const u = new URL(publicUrl);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
    } catch {
      throw new ConfigError(`CLIP_PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`);
    }
  }

  const secret = optional(env, 'CLIP_SECRET') ?? defaults.secret ?? null;
  if (secret !== null && secret.length < 16)
    throw new ConfigError('CLIP_SECRET must be at least 16 characters');

  const adminPassword = optional(env, 'CLIP_ADMIN_PASSWORD') ?? defaults.adminPassword ?? null;
  if (adminPassword !== null && adminPassword.length < 8)
    throw new ConfigError('CLIP_ADMIN_PASSWORD must be at least 8 characters');

  return {
    port: int(env, 'CLIP_PORT', defaults.port ?? 8787, 0, 65535),
    host: optional(env, 'CLIP_HOST') ?? defaults.host ?? '127.0.0.1',
    dataDir: resolve(optional(env, 'CLIP_DATA_DIR') ?? defaults.dataDir ?? './data'),
    databaseUrl,
    secret,
    publicUrl: publicUrl?.replace(/\/+$/, '') ?? null,
    logLevel,
    adminUsername: optional(env, 'CLIP_ADMIN_USERNAME') ?? defaults.adminUsername ?? null,
    adminPassword,
    webDir: optional(env, 'CLIP_WEB_DIR') ?? defaults.webDir ?? null,
    sweepIntervalMs: int(env, 'CLIP_SWEEP_INTERVAL_MS', defaults.sweepIntervalMs ?? 60_000, 0, 86_400_000),
    maxTextBytes: int(env, 'CLIP_MAX_TEXT_BYTES', defaults.maxTextBytes ?? 10 * 1024 * 1024, 1, 1024 ** 3),
    allowPrivateUrls: (env.CLIP_ALLOW_PRIVATE_URLS ?? '') === '1' || (defaults.allowPrivateUrls ?? false),
    trustProxyHops: int(env, 'CLIP_TRUST_PROXY', defaults.trustProxyHops ?? 0, 0, 10),
    loginMaxFailures: int(env, 'CLIP_LOGIN_MAX_FAILURES', defaults.loginMaxFailures ?? 10, 1, 1_000_000),
    loginWindowMs: int(env, 'CLIP_LOGIN_WINDOW_MS', defaults.loginWindowMs ?? 15 * 60_000, 1000, 86_400_000),
    taskLeaseMs: int(env, 'CLIP_TASK_LEASE_MS', defaults.taskLeaseMs ?? 30_000, 1000, 3_600_000),
    taskPollMs: int(env, 'CLIP_TASK_POLL_MS', defaults.taskPollMs ?? 1000, 0, 600_000),
  };
}
