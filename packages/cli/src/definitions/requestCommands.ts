import type { Command } from 'commander';

/** request <folder>, requests ls|rm. */
export function defineRequestCommands(program: Command): void {
  const load = () => import('../commands/requests.ts');
  program
    .command('request')
    .description(
      'make an upload request on a mount folder and print its link (anyone with it can upload there)',
    )
    .argument('<folder>', 'virtual path of the folder, e.g. /docs/inbox')
    .option('--title <text>', 'shown on the upload page')
    .option('--message <text>', 'shown under the title')
    .option('--max-files <n>', 'at most this many files')
    .option('--max-size <size>', 'at most this size per file (e.g. 100MB)')
    .option('--total <size>', 'at most this size in all (e.g. 2GB)')
    .option('--types <list>', 'only these types, comma-separated: .pdf,.docx,image/*')
    .option('--expire <when>', '1h, 1d, 7d, 30d, never, or a number of hours', '7d')
    .option('--password <password>', 'uploaders must give this password')
    .option('--slug <slug>', 'custom link suffix')
    .action(async (folder: string, _opts, cmd: Command) =>
      (await load()).createRequest(folder, cmd.optsWithGlobals()),
    );

  const requests = program
    .command('requests')
    .description('manage upload requests (your own with a key, all as admin)');
  requests
    .command('ls')
    .alias('list')
    .description('list upload requests with what arrived')
    .option('--limit <n>', 'requests to show', '50')
    .action(async (_opts, cmd: Command) => (await load()).listRequests(cmd.optsWithGlobals()));
  requests
    .command('rm')
    .alias('delete')
    .description('close upload requests by id, slug or link (the files that arrived stay)')
    .argument('<request...>', 'request ids, slugs or links (see `clip requests ls`)')
    .action(async (refs: string[], _opts, cmd: Command) =>
      (await load()).removeRequests(refs, cmd.optsWithGlobals()),
    );
}
