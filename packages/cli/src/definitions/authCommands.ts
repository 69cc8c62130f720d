import type { Command } from 'commander';

/** login, logout, whoami: declarations only; each action loads its implementation on use. */
export function defineAuthCommands(program: Command): void {
  program
    .command('login')
    .description('sign in as the admin (prompts for what is missing) or with an API key, and remember it')
    .option('--username <name>', 'admin username')
    .option('--password <password>', 'admin password (prompted, unechoed, when omitted)')
    .option('--api-key [key]', 'sign in with an API key instead (prompted when given without a value)')
    .action(async (_opts, cmd: Command) =>
      (await import('../commands/login.ts')).login(cmd.optsWithGlobals()),
    );

  program
    .command('logout')
    .description('end the admin session and forget the stored credential')
    .action(async (_opts, cmd: Command) =>
      (await import('../commands/logout.ts')).logout(cmd.optsWithGlobals()),
    );

  program
    .command('whoami')
    .description('show who the current credential is, as the server sees it')
    .action(async (_opts, cmd: Command) =>
      (await import('../commands/whoami.ts')).whoami(cmd.optsWithGlobals()),
    );
}
