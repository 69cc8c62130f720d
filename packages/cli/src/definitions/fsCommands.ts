import type { Command } from 'commander';
import { defineLsCommand } from './lsCommand.ts';

/** ls, cat, put, cp, mv, rm, mkdir, link, edit on virtual paths; mounts; tasks; browse. */
export function defineFsCommands(program: Command): void {
  const list = () => import('../commands/fs/list.ts');
  const transfer = () => import('../commands/fs/transfer.ts');
  const modify = () => import('../commands/fs/modify.ts');
  defineLsCommand(program);
  program
    .command('cat')
    .description('write files to stdout')
    .argument('<paths...>', 'virtual paths')
    .action(async (paths: string[], _o, cmd: Command) => (await list()).cat(paths, cmd.optsWithGlobals()));
  program
    .command('put')
    .description('upload files and folders (recursively) into a folder; a re-run resumes')
    .argument('<files...>', 'local files or folders, then the destination folder')
    .action(async (args: string[], _o, cmd: Command) => (await transfer()).put(args, cmd.optsWithGlobals()));
  program
    .command('cp')
    .description('copy files and folders, within and across mounts')
    .argument('<paths...>', 'sources, then the destination')
    .option('--wait', 'follow a server task to its end with progress')
    .option('--overwrite', 'replace existing files (default: skip them)')
    .action(async (args: string[], _o, cmd: Command) => (await modify()).cp(args, cmd.optsWithGlobals()));
  program
    .command('mv')
    .description('move or rename (rename within a mount, copy then remove across mounts)')
    .argument('<paths...>', 'sources, then the destination')
    .option('--wait', 'show the progress of a copy task')
    .action(async (args: string[], _o, cmd: Command) => (await modify()).mv(args, cmd.optsWithGlobals()));
  program
    .command('rm')
    .description('remove files (and folders with -r)')
    .argument('<paths...>', 'virtual paths')
    .option('-r, --recursive', 'remove folders and everything below them')
    .option('-f, --force', 'do not ask for confirmation')
    .action(async (paths: string[], _o, cmd: Command) => (await modify()).rm(paths, cmd.optsWithGlobals()));
  program
    .command('mkdir')
    .description('create folders')
    .argument('<paths...>', 'virtual paths')
    .option('-p, --parents', 'create missing parents; an existing folder is fine')
    .action(async (paths: string[], _o, cmd: Command) => (await list()).mkdir(paths, cmd.optsWithGlobals()));
  program
    .command('link')
    .description('print a direct (signed) link to a file')
    .argument('<path>', 'virtual path')
    .option('--expires <time>', 'lifetime: seconds or 30m, 12h, 7d (max 7d)')
    .option('--download', 'the link downloads instead of opening inline')
    .action(async (path: string, _o, cmd: Command) => (await list()).link(path, cmd.optsWithGlobals()));
  program
    .command('edit')
    .description('edit a text file in $EDITOR and save it back (refused if it changed meanwhile)')
    .argument('<path>', 'virtual path')
    .action(async (path: string, _o, cmd: Command) =>
      (await import('../commands/fs/edit.ts')).edit(path, cmd.optsWithGlobals()),
    );

  const mounts = program.command('mounts').description('manage mounts (admin)');
  const loadMounts = () => import('../commands/mounts.ts');
  const mountFields = (c: Command) =>
    c
      .option('--name <name>', 'display name (2-50 characters)')
      .option('--path <mount path>', 'where it appears, e.g. /s3')
      .option('--storage <config>', 'storage config id or name')
      .option('--remark <text>', 'a note')
      .option('--sort-order <n>', 'position among mounts')
      .option('--cache-ttl <seconds>', 'listing cache lifetime (0 = never cached)')
      .option('--root-prefix <folder>', 'folder inside the storage config to mount')
      .option('--no-proxy', 'downloads redirect to presigned links instead of streaming through the server');
  mounts
    .command('ls')
    .alias('list')
    .description('list mounts')
    .option('--search <text>', 'only mounts whose name or path contains this')
    .action(async (_o, cmd: Command) => (await loadMounts()).listMounts(cmd.optsWithGlobals()));
  mountFields(mounts.command('add').description('add a mount and print its id'))
    .option('--disabled', 'create it disabled')
    .action(async (_o, cmd: Command) => (await loadMounts()).addMount(cmd.optsWithGlobals()));
  mountFields(
    mounts.command('edit').description('change a mount').argument('<mount>', 'id, path or name'),
  ).action(async (ref: string, _o, cmd: Command) => {
    const opts = cmd.optsWithGlobals();
    // commander sets proxy=true by default for --no-proxy; only send it when given.
    if (!process.argv.includes('--no-proxy')) delete opts.proxy;
    return (await loadMounts()).editMount(ref, opts);
  });
  mounts
    .command('rm')
    .alias('delete')
    .description('remove mounts (stored objects are kept)')
    .argument('<mounts...>', 'ids, paths or names')
    .action(async (refs: string[], _o, cmd: Command) =>
      (await loadMounts()).removeMount(refs, cmd.optsWithGlobals()),
    );
  mounts
    .command('enable')
    .argument('<mount>', 'id, path or name')
    .description('enable a mount')
    .action(async (ref: string, _o, cmd: Command) =>
      (await loadMounts()).setMountActive(ref, true, cmd.optsWithGlobals()),
    );
  mounts
    .command('disable')
    .argument('<mount>', 'id, path or name')
    .description('disable a mount')
    .action(async (ref: string, _o, cmd: Command) =>
      (await loadMounts()).setMountActive(ref, false, cmd.optsWithGlobals()),
    );

  const tasks = program.command('tasks').description('tasks: copies, deletes, fetches, archives');
  const loadTasks = () => import('../commands/tasks.ts');
  tasks
    .command('ls', { isDefault: true })
    .alias('list')
    .description('list tasks')
    .option('--type <type>', 'copy, upload, delete or download')
    .option('--status <status>', 'pending, running, completed, partial, failed or cancelled')
    .option('--limit <n>', 'at most this many')
    .action(async (_o, cmd: Command) => (await loadTasks()).listTasks(cmd.optsWithGlobals()));
  tasks
    .command('show')
    .argument('<id>')
    .description('a task in detail: source, target, skipped and failed items')
    .action(async (id: string, _o, cmd: Command) => (await loadTasks()).showTask(id, cmd.optsWithGlobals()));
  tasks
    .command('watch')
    .argument('<id>')
    .description('follow a task to its end')
    .action(async (id: string, _o, cmd: Command) => (await loadTasks()).watchTask(id, cmd.optsWithGlobals()));
  tasks
    .command('cancel')
    .argument('<id>')
    .description('cancel a task (between items)')
    .action(async (id: string, _o, cmd: Command) =>
      (await loadTasks()).cancelTask(id, cmd.optsWithGlobals()),
    );
  tasks
    .command('retry')
    .argument('<id>')
    .description('run the failed items of a task again')
    .action(async (id: string, _o, cmd: Command) => (await loadTasks()).retryTask(id, cmd.optsWithGlobals()));

  program
    .command('browse')
    .description('the interactive browser (mounts, text shares, file shares)')
    .action(async (_o, cmd: Command) =>
      (await import('../commands/browse.ts')).browse(cmd.optsWithGlobals()),
    );
}
