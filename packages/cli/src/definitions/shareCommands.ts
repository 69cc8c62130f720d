import type { Command } from 'commander';

/** paste, get, log, pastes ls|rm|clear-expired, share, shares ls|rm. */
export function defineShareCommands(program: Command): void {
  definePathShareCommands(program);
  program
    .command('paste')
    .description('share text from FILE or stdin and print the link')
    .argument('[file]', 'file to share; - or nothing reads stdin')
    .option('--slug <slug>', 'custom link suffix')
    .option('--password <password>', 'require this password to read')
    // The SDK's DEFAULT_SHARE_EXPIRY (ADR 0065), spelled out: the definitions load before the SDK does.
    .option('--expire <when>', '1h, 1d, 7d, 30d, never, or a number of hours', 'never')
    .option('--max-views <n>', 'delete after this many reads (0 = unlimited)')
    .option('--remark <text>', 'a note shown in the share list')
    .option('--title <text>', 'title (defaults to the file name)')
    .option('--format <format>', 'markdown or text (default: by file extension)')
    .option('--qr', 'also draw a QR code of the link on stderr')
    .option('--encrypt', 'end-to-end encrypt: the server gets ciphertext, the key is in the link (#k=...)')
    .action(async (file: string | undefined, _opts, cmd: Command) =>
      (await import('../commands/paste.ts')).paste(file, cmd.optsWithGlobals()),
    );

  program
    .command('get')
    .description(
      'write a text share to stdout, exactly as stored; save a file share to disk; download a mount path (/m/dir) recursively; a link with #k=... is decrypted',
    )
    .argument('<share>', 'slug, link, or virtual path starting with /')
    .argument('[dest]', 'virtual path: local file or folder to save to (- = stdout)')
    .option('--password <password>', 'password of a protected share')
    .option(
      '-o, --output <file>',
      'file share: save as FILE (- = stdout; default: its name in the current directory)',
    )
    .option('--force', 'file share: overwrite an existing file')
    .option('-c, --continue', 'file share: resume a partial file at the output path')
    .action(async (ref: string, dest: string | undefined, _opts, cmd: Command) =>
      ref.startsWith('/')
        ? (await import('../commands/fs/transfer.ts')).getPath(ref, dest, cmd.optsWithGlobals())
        : (await import('../commands/get.ts')).get(ref, withDest(cmd.optsWithGlobals(), dest)),
    );

  program
    .command('log')
    .description("a share's access log: who opened, downloaded or uploaded, newest first")
    .argument('<share>', 'link, slug or id of one of your shares')
    .option('--limit <n>', 'events to show (at most 1000)', '50')
    .action(async (ref: string, _opts, cmd: Command) =>
      (await import('../commands/log.ts')).showLog(ref, cmd.optsWithGlobals()),
    );

  const pastes = program
    .command('pastes')
    .description('manage text shares (your own with a key, all as admin)');
  const load = () => import('../commands/pastes.ts');
  pastes
    .command('ls')
    .alias('list')
    .description('list text shares')
    .option('--search <text>', 'only shares whose slug, title or remark contains this')
    .option('--page <n>', 'page number', '1')
    .option('--limit <n>', 'shares per page', '50')
    .action(async (_opts, cmd: Command) => (await load()).listPastes(cmd.optsWithGlobals()));
  pastes
    .command('rm')
    .alias('delete')
    .description('delete text shares by id, slug or link')
    .argument('<share...>', 'share ids, slugs or links (see `clip pastes ls`)')
    .action(async (ids: string[], _opts, cmd: Command) =>
      (await load()).removePastes(ids, cmd.optsWithGlobals()),
    );
  pastes
    .command('clear-expired')
    .description('delete expired and used-up text shares now (admin)')
    .action(async (_opts, cmd: Command) => (await load()).clearExpiredPastes(cmd.optsWithGlobals()));
}

/** `clip get <share> [dest]`: a positional destination means what `-o` means for a share. */
function withDest<T extends { output?: string }>(options: T, dest: string | undefined): T {
  return { ...options, output: options.output ?? dest };
}

/** share <virtual path>, shares ls|rm: links to a file or folder inside a mount. */
function definePathShareCommands(program: Command): void {
  const load = () => import('../commands/pathShares.ts');
  program
    .command('share')
    .description('make a link to a file or folder inside a mount and print it')
    .argument('<path>', 'virtual path, e.g. /photos/2024')
    .option('--password <password>', 'require this password to open the link')
    .option('--expire <when>', "1h, 1d, 7d, 30d, never, or a number of hours (default: the server's, never)")
    .option('--max-views <n>', 'stop after this many visits (0 = unlimited)')
    .option('--slug <slug>', 'custom link suffix')
    .option('--remark <text>', 'a note shown in the share list')
    .action(async (path: string, _opts, cmd: Command) =>
      (await load()).sharePath(path, cmd.optsWithGlobals()),
    );

  const shares = program
    .command('shares')
    .description('manage links to mount paths (your own with a key, all as admin)');
  shares
    .command('ls')
    .alias('list')
    .description('list path shares')
    .option('--path <path>', 'only the links of this virtual path')
    .option('--limit <n>', 'shares per page', '50')
    .option('--offset <n>', 'skip this many', '0')
    .action(async (_opts, cmd: Command) => (await load()).listPathShares(cmd.optsWithGlobals()));
  shares
    .command('rm')
    .alias('delete')
    .description('delete path shares by id, slug or link')
    .argument('<share...>', 'share ids, slugs or links (see `clip shares ls`)')
    .action(async (refs: string[], _opts, cmd: Command) =>
      (await load()).removePathShares(refs, cmd.optsWithGlobals()),
    );
}
