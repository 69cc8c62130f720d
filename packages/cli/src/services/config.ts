/**
 * The CLI's saved state: one server and the credential used with it, in
 * `$XDG_CONFIG_HOME/clip/config.json` (default ~/.config/clip). The file holds a secret, so the
 * directory is 0700 and the file 0600, written atomically.
 */
// Read through node:fs, which Node has loaded before any command: node:fs/promises brings readline and
// the fs watchers with it (~10 modules), which only a config write (login, logout) pays for.
import { readFile } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CliError } from '../errors.ts';

export interface StoredConfig {
  /** Server origin the credential belongs to. */
  server?: string;
  /** Admin session token (from `clip login`). */
  token?: string;
  /** API key (from `clip login --api-key`). */
  apiKey?: string;
}

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'clip');
}

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'config.json');
}

export async function loadConfig(env: NodeJS.ProcessEnv = process.env): Promise<StoredConfig> {
  const path = configPath(env);
  let text: string;
  try {
    text = await new Promise<string>((resolve, reject) =>
      readFile(path, 'utf8', (err, read) => (err ? reject(err) : resolve(read))),
    );
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new CliError(`cannot read ${path}: ${(err as Error).message}`);
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a JSON object');
    const { server, token, apiKey } = parsed as Record<string, unknown>;
    return {
      server: typeof server === 'string' ? server : undefined,
      token: typeof token === 'string' ? token : undefined,
      apiKey: typeof apiKey === 'string' ? apiKey : undefined,
    };
  } catch (err) {
    throw new CliError(`${path} is not valid (${(err as Error).message}); fix or delete it`);
  }
}

export async function saveConfig(
  config: StoredConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const { chmod, mkdir, open, rename, rm } = await import('node:fs/promises');
  const dir = configDir(env);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const path = configPath(env);
  // A fresh file created 0600 then renamed over the old one: never a moment with the secret readable.
  const temp = `${path}.${process.pid}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(config, null, 2)}\n`);
    await handle.chmod(0o600);
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  return path;
}

/** Forgets the stored credential, keeping the server so the next `clip login` needs no --server. */
export async function clearCredentials(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const config = await loadConfig(env);
  if (config.token === undefined && config.apiKey === undefined) return;
  await saveConfig({ server: config.server }, env);
}
