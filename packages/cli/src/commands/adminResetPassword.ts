/**
 * `clip admin reset-password`: run on the server machine with the server's environment (CLIP_DATA_DIR or
 * DATABASE_URL). Talks to the database directly, so it works when nobody can sign in.
 */
import { CliError } from '../errors.ts';
import { note, printJson, printLine } from '../output.ts';
import { loadServer } from '../serverPackage.ts';

export interface ResetPasswordOptions {
  password?: string;
  dataDir?: string;
  json?: boolean;
}

export async function adminResetPassword(
  username: string | undefined,
  options: ResetPasswordOptions,
): Promise<void> {
  const env = { ...process.env };
  if (options.dataDir !== undefined) env.CLIP_DATA_DIR = options.dataDir;
  // Imported here so no other command pays for loading the server (an optional peer package).
  const { resetAdminPassword, ConfigError } = await loadServer('admin reset-password');
  let result: Awaited<ReturnType<typeof resetAdminPassword>>;
  try {
    result = await resetAdminPassword(env, { username, password: options.password });
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message, { exitCode: 2 });
    throw err;
  }
  if (options.json) return printJson(result);
  note(
    result.created
      ? `Administrator "${result.username}" created.`
      : `Password of "${result.username}" reset; its sessions are signed out.`,
  );
  if (result.generatedPassword) await printLine(result.generatedPassword);
}
