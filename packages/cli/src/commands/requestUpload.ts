/**
 * `clip upload --to <request link> <files...>`: uploads into anyone's upload request, no account needed.
 * Each file goes up as a resumable session; a run cut short (Ctrl-C, a lost connection) is resumed by
 * running the same command again: only the parts the server lacks are sent.
 */
import { ClipError, parseRequestLink, uploadToRequest } from '@clip/sdk';
import { CliError, failureLine } from '../errors.ts';
import type { GlobalOptions } from '../globalOptions.ts';
import { printJson, printLine } from '../output.ts';
import { localFileSource } from '../services/localFiles.ts';
import { openProgressDisplay } from '../services/progressDisplay.ts';
import { requestUploadMemory } from '../services/requestUploadMemory.ts';

export interface RequestUploadOptions extends GlobalOptions {
  to: string;
  password?: string;
  /** The name the owner sees the files came from. */
  from?: string;
  name?: string;
}

export async function uploadToRequestLink(files: string[], options: RequestUploadOptions): Promise<void> {
  if (files.length === 0) throw new CliError('name at least one file to send');
  if (files.includes('-'))
    throw new CliError('--to sends files only (not standard input): a resumed upload needs the file again');
  if (options.name !== undefined && files.length !== 1)
    throw new CliError('--name names one file: upload one file at a time with it');
  try {
    parseRequestLink(options.to);
  } catch (err) {
    throw new CliError(failureLine(err));
  }
  const sources = await Promise.all(files.map((f) => localFileSource(f, { name: options.name })));
  const memory = requestUploadMemory();
  const display = await openProgressDisplay(
    sources.map((s) => s.name),
    'upload',
  );
  const controller = new AbortController();
  const cancel = () => controller.abort();
  process.once('SIGINT', cancel);
  const landed: { name: string; size: number }[] = [];
  let failed = 0;
  let lastFailure: unknown = null;
  try {
    for (const [index, source] of sources.entries()) {
      if (controller.signal.aborted) break;
      display.start(index);
      const began = Date.now();
      let first: number | null = null;
      try {
        const done = await uploadToRequest(options.to, source, {
          password: options.password,
          uploader: options.from,
          memory,
          signal: controller.signal,
          onProgress: ({ loaded, total }) => {
            first ??= loaded;
            const seconds = Math.max(0.001, (Date.now() - began) / 1000);
            display.update(index, {
              stage: 'uploading',
              loaded,
              total,
              percent: total === 0 ? 100 : Math.floor((loaded / total) * 100),
              speed: (loaded - first) / seconds,
            });
          },
        });
        landed.push(done);
        display.finish(index, true, done.name);
      } catch (err) {
        failed++;
        lastFailure = err;
        display.finish(index, false, sources.length > 1 ? failureLine(err) : undefined);
      } finally {
        await source.dispose?.();
      }
    }
  } finally {
    process.off('SIGINT', cancel);
    await display.close();
  }
  if (options.json) await printJson(landed);
  else for (const done of landed) await printLine(done.name);
  if (controller.signal.aborted)
    throw new CliError('upload cancelled: run the same command again to resume', { exitCode: 130 });
  if (failed > 0 && sources.length === 1) {
    const hint =
      lastFailure instanceof ClipError && lastFailure.status === 0 ? ' (run it again to resume)' : '';
    throw new CliError(`${failureLine(lastFailure)}${hint}`, { cause: lastFailure });
  }
  if (failed > 0) throw new CliError(`${failed} of ${sources.length} uploads failed`);
}
