/** One line for a start that failed, naming the cause and the setting that fixes it (no stack trace). */
import type { Config } from './config.ts';
import { SecretMismatchError } from './services/secretFingerprint.ts';

export function startupFailure(err: unknown, config: Pick<Config, 'port' | 'host' | 'databaseUrl'>): string {
  if (err instanceof SecretMismatchError) return err.message;
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') return `port ${config.port} is in use; set CLIP_PORT`;
  if (code === 'EACCES') return `no permission to listen on port ${config.port}; set CLIP_PORT above 1023`;
  if (code === 'EADDRNOTAVAIL') return `address ${config.host} is not on this machine; set CLIP_HOST`;
  if (config.databaseUrl && (code === 'ECONNREFUSED' || code === 'ENOTFOUND'))
    return `cannot reach the database at DATABASE_URL (${code === 'ENOTFOUND' ? 'unknown host' : 'connection refused'})`;
  const message = err instanceof Error ? err.message : String(err);
  return `cannot start: ${message.split('\n')[0]}`;
}
