import type { Command } from 'commander';

/** keys ls|create|rm (admin). */
export function defineKeyCommands(program: Command): void {
  const keys = program.command('keys').description('manage API keys (admin)');
  const load = () => import('../commands/keys.ts');

  keys
    .command('ls')
    .alias('list')
    .description('list API keys')
    .action(async (_opts, cmd: Command) => (await load()).listKeys(cmd.optsWithGlobals()));

  keys
    .command('create')
    .description('create an API key and print it')
    .requiredOption('--name <name>', 'a name to recognise the key by')
    .option('--text', 'allow text shares')
    .option('--file', 'allow file shares')
    .option('--mount', 'allow the mount explorer')
    .option('--basic-path <path>', 'limit mount access to this path', '/')
    .option('--expires <when>', '1d, 7d, 30d, never, or a number of days', 'never')
    .option('--custom-key <key>', 'use this key instead of a generated one')
    .action(async (_opts, cmd: Command) => (await load()).createKey(cmd.optsWithGlobals()));

  keys
    .command('rm')
    .alias('delete')
    .description('delete API keys by id')
    .argument('<id...>', 'key ids (see `clip keys ls`)')
    .action(async (ids: string[], _opts, cmd: Command) =>
      (await load()).removeKeys(ids, cmd.optsWithGlobals()),
    );
}
