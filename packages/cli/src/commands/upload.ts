/**
 * `clip upload <files...>` and `clip upload --url <URL>`: uploads with one progress bar per file on
 * stderr and one share link per file on stdout. Files go one after another; each one's parts go in parallel.
 */
import {
  type ClipClient,
  type FileShareCreated,
  slugProblem,
  type UploadOptions,
  type UploadSource,
  uploadFile,
  uploadFromUrl,
} from '@clip/sdk';
import { tempFileSink } from '@clip/sdk/node';
import { CliError, failureLine } from '../errors.ts';
import type { GlobalOptions } from '../globalOptions.ts';
import { printJson, printLine } from '../output.ts';
import { parseCount, parseShareExpiry } from '../services/durations.ts';
import { localFileSource } from '../services/localFiles.ts';
import { openProgressDisplay } from '../services/progressDisplay.ts';
import { withSession } from '../services/session.ts';
import { resolveStorage } from '../services/storageRef.ts';

export interface UploadCommandOptions extends GlobalOptions {
  storage?: string;
  path?: string;
  slug?: string;
  password?: string;
  expire?: string;
  maxViews?: string;
  remark?: string;
  url?: string[];
  /** The file name for `-` (standard input). */
  name?: string;
  encrypt?: boolean;
}

type Job = { label: string; run: (client: ClipClient, options: UploadOptions) => Promise<FileShareCreated> };

/** The share settings, checked before any byte moves. */
function shareOptions(options: UploadCommandOptions, count: number): UploadOptions {
  if (options.slug !== undefined) {
    const problem = slugProblem(options.slug);
    if (problem) throw new CliError(problem);
    if (count > 1) throw new CliError('--slug names one share: upload one file at a time with it');
  }
  if (options.password === '') throw new CliError('--password must not be empty');
  if (options.encrypt && options.url?.length)
    throw new CliError('--encrypt cannot upload --url: the server would fetch the file unencrypted');
  return {
    encrypt: options.encrypt,
    path: options.path,
    slug: options.slug,
    password: options.password,
    remark: options.remark,
    expires_in: options.expire === undefined ? undefined : parseShareExpiry(options.expire),
    max_views: options.maxViews === undefined ? undefined : parseCount(options.maxViews, '--max-views'),
  };
}

async function fileJob(path: string, name: string | undefined): Promise<Job> {
  let source: UploadSource;
  if (path !== '-') source = await localFileSource(path, { name });
  else
    try {
      source = await (await import('../services/stdinFile.ts')).stdinSource(name ?? 'stdin');
    } catch (err) {
      throw new CliError(failureLine(err));
    }
  return {
    label: source.name,
    run: async (client, options) => {
      try {
        return await uploadFile(client, source, options);
      } finally {
        await source.dispose?.();
      }
    },
  };
}

function urlJob(url: string): Job {
  return {
    label: url,
    run: (client, options) => uploadFromUrl(client, url, { ...options, sink: tempFileSink() }),
  };
}

export async function upload(files: string[], options: UploadCommandOptions): Promise<void> {
  const urls = options.url ?? [];
  if (files.length === 0 && urls.length === 0) throw new CliError('name at least one file, or --url <URL>');
  const settings = shareOptions(options, files.length + urls.length);
  if (files.filter((f) => f === '-').length > 1)
    throw new CliError('standard input (-) can be uploaded once');
  if (options.name !== undefined && files.length !== 1)
    throw new CliError('--name names one file: upload one file at a time with it');
  const jobs = [...(await Promise.all(files.map((f) => fileJob(f, options.name)))), ...urls.map(urlJob)];

  await withSession(options, { requireAuth: true }, async ({ client }) => {
    const storage = options.storage ? await resolveStorage(client, options.storage) : null;
    const base: UploadOptions = {
      ...settings,
      ...(storage ? { s3_config_id: storage.id, storage: storage.capabilities } : {}),
    };
    const display = await openProgressDisplay(
      jobs.map((j) => j.label),
      'upload',
    );
    const controller = new AbortController();
    const cancel = () => controller.abort();
    process.once('SIGINT', cancel);
    const created: FileShareCreated[] = [];
    const held: string[] = [];
    let failed = 0;
    let lastFailure: unknown = null;
    try {
      for (const [index, job] of jobs.entries()) {
        if (controller.signal.aborted) break;
        display.start(index);
        try {
          const share = await job.run(client, {
            ...base,
            signal: controller.signal,
            onProgress: (p) => display.update(index, p),
          });
          display.finish(index, true);
          created.push(share);
          if (options.json) continue;
          // A link printed under live bars would garble them: those wait for the end.
          if (display.ownsTerminal) held.push(share.url);
          else await printLine(share.url);
        } catch (err) {
          failed++;
          lastFailure = err;
          // A lone upload's reason is the command's own failure line: say it once, there.
          display.finish(index, false, jobs.length > 1 ? failureLine(err) : undefined);
        }
      }
    } finally {
      process.off('SIGINT', cancel);
      await display.close();
    }
    for (const url of held) await printLine(url);
    if (options.json) await printJson(created);
    if (controller.signal.aborted) throw new CliError('upload cancelled', { exitCode: 130 });
    if (failed > 0 && jobs.length === 1) throw new CliError(failureLine(lastFailure), { cause: lastFailure });
    if (failed > 0) throw new CliError(`${failed} of ${jobs.length} uploads failed`);
  });
}
