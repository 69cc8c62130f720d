import { type Command, Option } from 'commander';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** upload, files ls|rm, storage ls|add|test|default. */
export function defineFileCommands(program: Command): void {
  program
    .command('upload')
    .description('upload files (or --url) and print one share link per file')
    .argument('[files...]', 'files to upload (- reads standard input)')
    .option('--name <name>', 'the file name the share gets (default: the file\'s own; "stdin" for -)')
    .option('--url <url>', 'upload the file at this http(s) URL (repeatable)', collect)
    .option('--storage <config>', 'storage config id or name (default: the server default)')
    .option('--path <folder>', 'folder inside the storage config')
    .option('--slug <slug>', 'custom link suffix (one file only)')
    .option('--password <password>', 'require this password to download')
    // The SDK's DEFAULT_SHARE_EXPIRY (ADR 0065), spelled out: the definitions load before the SDK does.
    .option('--expire <when>', '1h, 1d, 7d, 30d, never, or a number of hours', 'never')
    .option('--max-views <n>', 'delete after this many downloads (0 = unlimited)')
    .option('--remark <text>', 'a note shown in the file list')
    .option('--to <link>', "send the files into an upload request (…/r/<slug>), anyone's, resumable")
    .option('--from <name>', "--to: the name the request's owner sees the files came from")
    .option('--encrypt', 'end-to-end encrypt: the server gets ciphertext, the key is in the link (#k=...)')
    .action(async (files: string[], _opts, cmd: Command) => {
      const options = cmd.optsWithGlobals();
      if (options.to !== undefined)
        return (await import('../commands/requestUpload.ts')).uploadToRequestLink(files, {
          ...options,
          to: options.to,
        });
      return (await import('../commands/upload.ts')).upload(files, options);
    });

  const files = program
    .command('files')
    .description('manage file shares (your own with a key, all as admin)');
  const loadFiles = () => import('../commands/files.ts');
  files
    .command('ls')
    .alias('list')
    .description('list file shares')
    .option('--search <text>', 'only shares whose name, slug or remark contains this')
    .option('--page <n>', 'page number', '1')
    .option('--limit <n>', 'shares per page', '50')
    .action(async (_opts, cmd: Command) => (await loadFiles()).listFiles(cmd.optsWithGlobals()));
  files
    .command('rm')
    .alias('delete')
    .description('delete file shares (and their stored files) by id, slug or link')
    .argument('<share...>', 'share ids, slugs or links (see `clip files ls`)')
    .action(async (ids: string[], _opts, cmd: Command) =>
      (await loadFiles()).removeFiles(ids, cmd.optsWithGlobals()),
    );

  const storage = program.command('storage').description('manage storage configs (admin)');
  const loadStorage = () => import('../commands/storage.ts');
  storage
    .command('ls')
    .alias('list')
    .description('list storage configs')
    .action(async (_opts, cmd: Command) => (await loadStorage()).listStorage(cmd.optsWithGlobals()));
  storage
    .command('add')
    .description('add a storage config and print its id')
    .requiredOption('--name <name>', 'a name to pick it by')
    .addOption(new Option('--provider <type>', 'aws, r2, b2, minio, aliyun, other or local (default: other)'))
    .option('--endpoint <url>', 'S3 endpoint URL')
    .option('--bucket <name>', 'bucket name')
    .option('--region <region>', 'region (default: us-east-1, auto for r2)')
    .option('--access-key-id <id>', 'access key id (else CLIP_S3_ACCESS_KEY_ID or AWS_ACCESS_KEY_ID)')
    .option(
      '--secret-access-key <key>',
      'secret access key (else CLIP_S3_SECRET_ACCESS_KEY or AWS_SECRET_ACCESS_KEY)',
    )
    .option('--path-style', 'use path-style URLs (MinIO, s3rver)')
    .option('--default-folder <prefix>', 'key prefix every object lives below')
    .option('--public', 'API keys may upload to it')
    .option('--default', 'make it the default config')
    .option('--root-path <dir>', 'local config: a directory on the server')
    .action(async (_opts, cmd: Command) => (await loadStorage()).addStorage(cmd.optsWithGlobals()));
  storage
    .command('test')
    .description('list, write, read and delete a probe object')
    .argument('<config>', 'storage config id or name')
    .action(async (ref: string, _opts, cmd: Command) =>
      (await loadStorage()).testStorage(ref, cmd.optsWithGlobals()),
    );
  storage
    .command('default')
    .description('make a storage config the default')
    .argument('<config>', 'storage config id or name')
    .action(async (ref: string, _opts, cmd: Command) =>
      (await loadStorage()).setDefaultStorage(ref, cmd.optsWithGlobals()),
    );
}
