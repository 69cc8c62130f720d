import type { Command } from 'commander';

/** admin: recovery commands run on the server machine, against its database. */
export function defineAdminCommands(program: Command): void {
  const admin = program.command('admin').description('server-side recovery (run on the server machine)');
  admin
    .command('reset-password [username]')
    .description(
      "set an administrator's password in the server's database (CLIP_DATA_DIR or DATABASE_URL) and print it",
    )
    .option('--password <password>', 'the new password (at least 8 characters; default: a random one)')
    .option('--data-dir <dir>', 'data directory (CLIP_DATA_DIR, default ./data)')
    .action(async (username: string | undefined, opts, cmd: Command) =>
      (await import('../commands/adminResetPassword.ts')).adminResetPassword(username, {
        ...opts,
        json: cmd.optsWithGlobals().json,
      }),
    );
}
