/**
 * Recovery on the server machine (`clip admin reset-password`): sets an administrator's password
 * straight in the database the server uses (CLIP_DATA_DIR or DATABASE_URL) and signs out its sessions.
 */
import { randomUUID } from 'node:crypto';
import { ConfigError, loadConfig } from './config.ts';
import { hashPassword } from './crypto/passwords.ts';
import { randomToken } from './crypto/tokens.ts';
import { openDatabase } from './db/connect.ts';

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
  const db = await openDatabase(config);
  try {
    const admins: { id: string; username: string }[] = await db.knex('admins').select('id', 'username');
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
      await db.knex.transaction(async (trx) => {
        await trx('admins').where('id', target.id).update({ password_hash: passwordHash, updated_at: now });
        await trx('admin_tokens').where('admin_id', target.id).delete();
      });
      return { username: target.username, generatedPassword: generated, created: false };
    }
    const username = options.username ?? config.adminUsername ?? 'admin';
    await db.knex('admins').insert({
      id: randomUUID(),
      username,
      password_hash: passwordHash,
      created_at: now,
      updated_at: now,
    });
    return { username, generatedPassword: generated, created: true };
  } finally {
    await db.close();
  }
}
