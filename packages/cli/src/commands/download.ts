/**
 * `clip get <file share>`: saves a file share to disk (or stdout with `-o -`), resuming a partial
 * download with Range, retrying network failures, and checking the final size.
 */
import { basename, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { type ClipClient, E2eError, ProgressReporter, type PublicFileView } from '@clip/sdk';
import { CliError } from '../errors.ts';
import type { GlobalOptions } from '../globalOptions.ts';
import { note, printLine } from '../output.ts';
import { saveDecrypted, unusedKeyNote } from '../services/decryptedDownload.ts';
import { checkFolder, checkNamedTarget, freeTarget, planDownload } from '../services/downloadTarget.ts';
import { safeLocalFilename } from '../services/fileShareRef.ts';
import { openProgressDisplay } from '../services/progressDisplay.ts';
import { downloadResumable } from '../services/resumableDownload.ts';
import { readerClient } from '../services/session.ts';

export interface DownloadOptions extends GlobalOptions {
  password?: string;
  output?: string;
  force?: boolean;
  continue?: boolean;
  /** An encrypted share's key, from the link's `#k=`. */
  key?: Uint8Array;
}

/** Reads the share (counting a view) and answers its signed links; a protected share needs --password. */
async function openShare(
  client: ClipClient,
  slug: string,
  password: string | undefined,
): Promise<PublicFileView> {
  const view = password ? await client.files.verify(slug, password) : await client.files.getPublic(slug);
  if ('requires_password' in view) throw new CliError(`file share ${slug} is protected: pass --password`);
  return view;
}

async function toStdout(server: string, view: PublicFileView): Promise<void> {
  const res = await fetch(new URL(view.download_url, server));
  if (!res.ok || !res.body) throw new CliError(`download answered HTTP ${res.status}`);
  await pipeline(Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>), process.stdout);
}

/** An encrypted share: decrypted as it downloads, under its decrypted name unless -o names the target. */
async function decryptedShare(
  server: string,
  view: PublicFileView,
  named: string | null,
  options: DownloadOptions,
): Promise<void> {
  if (!options.key) throw new CliError(new E2eError('missing-key').message);
  if (options.continue) throw new CliError('an encrypted share cannot be resumed: run without --continue');
  const saved = await saveDecrypted({
    url: new URL(view.download_url, server).toString(),
    key: options.key,
    size: view.size,
    target: async (meta) => {
      if (options.output === '-') return '-';
      if (named) return named;
      const own = join(process.cwd(), safeLocalFilename(meta.name));
      const target = await freeTarget(own, options);
      if (target !== own) note(`${basename(own)} exists, so this one is saved as ${basename(target)}`);
      return target;
    },
  });
  if (saved !== '-') await printLine(saved);
}

export async function downloadFileShare(
  server: string,
  slug: string,
  options: DownloadOptions,
): Promise<void> {
  const client = await readerClient(options, server);
  const toFile = options.output !== '-';
  // Refusals come before the share is opened: opening it counts a view.
  const named = options.output && toFile ? resolve(options.output) : null;
  if (named) await checkNamedTarget(named, options);
  else if (toFile) await checkFolder(process.cwd());
  let view: PublicFileView | null = await openShare(client, slug, options.password);
  if (view.encrypted) return decryptedShare(server, view, named, options);
  if (options.key) unusedKeyNote();
  if (!toFile) return toStdout(server, view);
  const ownName = join(process.cwd(), safeLocalFilename(view.filename));
  const target = named ?? (await freeTarget(ownName, options));
  if (target !== ownName && !named)
    note(`${basename(ownName)} exists, so this one is saved as ${basename(target)}`);
  const where = await planDownload(target, view.size, options);
  if (!where.done) {
    const display = await openProgressDisplay([basename(target)], 'download');
    const reporter = new ProgressReporter((p) => display.update(0, p));
    reporter.phase('downloading', view.size);
    const controller = new AbortController();
    const cancel = () => controller.abort();
    process.once('SIGINT', cancel);
    let shown = 0;
    display.start(0);
    try {
      await downloadResumable({
        // The first link comes from the view already counted; later ones (after expiry) count again.
        link: async () => {
          const current = view ?? (await openShare(client, slug, options.password));
          view = null;
          return {
            url: new URL(current.download_url, server).toString(),
            size: current.size,
            expiresAt: Date.parse(current.links_expire_at),
          };
        },
        ...where,
        signal: controller.signal,
        onProgress: (loaded) => {
          reporter.add(loaded - shown);
          shown = loaded;
        },
      });
      reporter.stage('completed');
      display.finish(0, true);
    } catch (err) {
      display.finish(0, false, (err as Error).message);
      if (controller.signal.aborted)
        throw new CliError(`download interrupted; run the same command again to resume`, { exitCode: 130 });
      throw err;
    } finally {
      process.off('SIGINT', cancel);
      await display.close();
    }
  }
  await printLine(target);
}
