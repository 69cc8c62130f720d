/**
 * Recovery on the server machine (`clip admin reset-password`): sets an administrator's password
 * straight in the database the server uses (CLIP_DATA_DIR or DATABASE_URL) and signs out its sessions.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { hashPassword } from './crypto/passwords.ts';
import { randomToken } from './crypto/tokens.ts';
import { openDatabase } from './db/connect.ts';
import { createAdminStore } from './services/adminStore.ts';

export interface ResetResult {
  username: string;
  /** The new password when it was generated here (null when the caller chose it). */
  generatedPassword: string | null;
  /** True when no administrator existed and this made one. */
  created: boolean;
}

export async function resetAdminPassword(
  env: NodeJS.ProcessEnv,
  options: { username?: string; password?: string } = {},
): Promise<ResetResult> {
  if (options.password !== undefined && options.password.length < 8)
    throw new ConfigError('the new password must be at least 8 characters');
  const config = loadConfig(env, { webDir: null });
  await requireExistingDatabase(config);
  const db = await openDatabase(config);
  try {
    const store = createAdminStore(db.knex, db.hot);
    const admins = await store.list();
    const target = options.username
      ? admins.find((a) => a.username === options.username)
      : admins.length === 1
        ? admins[0]
        : undefined;
    if (!target && admins.length > 0) {
      const names = admins.map((a) => a.username).join(', ');
      throw new ConfigError(
        options.username
          ? `no administrator named "${options.username}" (administrators: ${names})`
          : `name the administrator to reset (administrators: ${names})`,
      );
    }
    const generated = options.password === undefined ? randomToken(12) : null;
    const passwordHash = await hashPassword(options.password ?? (generated as string));
    const now = Date.now();
    if (target) {
      await store.updateEndingSessions(target.id, { password_hash: passwordHash, updated_at: now }, null);
      return { username: target.username, generatedPassword: generated, created: false };
    }
    const username = options.username ?? config.adminUsername ?? 'admin';
    await store.insert({ id: randomUUID(), username, password_hash: passwordHash }, now);
    return { username, generatedPassword: generated, created: true };
  } finally {
    await db.close();
  }
}

const HINT = 'run this on the server machine with its CLIP_DATA_DIR or DATABASE_URL (or pass --data-dir)';

/**
 * Opening a database creates and migrates it when it is missing, so without the server's environment
 * a reset would make a new, empty one and "succeed". Refuse instead, naming the place tried.
 */
async function requireExistingDatabase(config: Config): Promise<void> {
  if (!config.databaseUrl) {
    const file = join(config.dataDir, 'clip.db');
    if (!existsSync(file)) throw new ConfigError(`no clip database at ${file}: ${HINT}`);
    return;
  }
  const place = databasePlace(config.databaseUrl);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: config.databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query("SELECT to_regclass('admins') IS NOT NULL AS present");
    if (!rows[0]?.present)
      throw new ConfigError(`no clip database at ${place} (it has no clip tables): ${HINT}`);
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw new ConfigError(`cannot open the database at ${place}: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Host, port and database name of a Postgres URL; never its password. */
function databasePlace(url: string): string {
  const parsed = new URL(url);
  return `postgres://${parsed.host}${parsed.pathname}`;
}
