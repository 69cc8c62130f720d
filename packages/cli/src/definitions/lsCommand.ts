import type { Command } from 'commander';

/** `clip ls`: defined apart from the other file-system commands so it can be defined alone (program.ts). */
export function defineLsCommand(program: Command): void {
  program
    .command('ls')
    .description('list a folder of the mounts (default /)')
    .argument('[path]', 'virtual path, e.g. /s3/photos')
    .option('-l, --long', 'type, size and modified time')
    .option('--refresh', 'bypass the server listing cache')
    .action(async (path: string | undefined, _o, cmd: Command) =>
      (await import('../commands/fs/list.ts')).ls(path, cmd.optsWithGlobals()),
    );
}
