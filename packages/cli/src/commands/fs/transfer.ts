/**
 * `clip put <files...> <dest>` and `clip get </path> [dest]`: folders recursively, resumable both ways
 * (the SDK's fs.upload finds the server's session and sends only missing parts; fs.download continues a
 * `.part` file by Range). Progress bars on a terminal, one line per file otherwise.
 */
import { mkdir, readdir, stat } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { ClipClient } from '@clip/sdk';
import { fileDownloadSink } from '@clip/sdk/node';
import { CliError } from '../../errors.ts';
import type { GlobalOptions } from '../../globalOptions.ts';
import { printJson, printLine } from '../../output.ts';
import { localFileError, localFileSource } from '../../services/localFiles.ts';
import { openProgressDisplay } from '../../services/progressDisplay.ts';
import { withSession } from '../../services/session.ts';
import { PARTS_IN_FLIGHT } from '../../services/uploadSettings.ts';
import { baseName, joinVirtual, normalizeVirtual, onPath, pathFailure } from '../../services/virtualPath.ts';

const authenticated = { requireAuth: true };

interface LocalFile {
  local: string;
  /** The virtual folder it goes into. */
  folder: string;
}

async function walk(local: string, folder: string, out: LocalFile[]): Promise<void> {
  const info = await stat(local).catch((err) => {
    throw localFileError(local, err);
  });
  if (info.isFile()) {
    out.push({ local, folder });
    return;
  }
  if (!info.isDirectory()) throw new CliError(`${local}: not a regular file or folder`);
  const target = joinVirtual(folder, basename(resolve(local)));
  const entries = await readdir(local, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  if (entries.length === 0) out.push({ local: '', folder: target });
  for (const entry of entries) await walk(join(local, entry.name), target, out);
}

export async function put(args: string[], options: GlobalOptions): Promise<void> {
  if (args.length < 2) throw new CliError('put needs at least one local file and a destination folder');
  const dest = normalizeVirtual(args[args.length - 1]);
  const files: LocalFile[] = [];
  for (const local of args.slice(0, -1)) await walk(local, dest, files);
  const emptyFolders = files.filter((f) => f.local === '').map((f) => f.folder);
  const uploads = files.filter((f) => f.local !== '');
  await withSession(options, authenticated, async ({ client }) => {
    for (const folder of emptyFolders)
      await onPath(folder, () => client.fs.mkdir(folder, { create_parents: true }).catch(ignoreConflict));
    const labels = uploads.map((f) => joinVirtual(f.folder, basename(f.local)));
    const display = await openProgressDisplay(labels, 'put');
    const controller = new AbortController();
    const onSignal = () => controller.abort();
    process.once('SIGINT', onSignal);
    const done: unknown[] = [];
    try {
      for (const [index, file] of uploads.entries()) {
        display.start(index);
        try {
          const source = await localFileSource(file.local);
          const result = await client.fs.upload(file.folder, source, {
            createParents: true,
            concurrency: PARTS_IN_FLIGHT,
            signal: controller.signal,
            onProgress: (p) => display.update(index, p),
          });
          display.finish(index, true);
          done.push(result);
        } catch (err) {
          // The reason is the command's own failure line: said once, there, not on the file's line too.
          display.finish(index, false);
          await display.close();
          throw putFailure(labels[index], err, controller.signal.aborted);
        }
      }
      await display.close();
    } finally {
      process.off('SIGINT', onSignal);
    }
    if (options.json) return printJson(done);
    for (const label of labels) await printLine(label);
  });
}

/** A failed put: an interruption says how to resume; else the reason, naming the path once. */
function putFailure(remote: string, err: unknown, interrupted: boolean): CliError {
  if (interrupted)
    return new CliError(`put interrupted at ${remote}: run the same command again to resume`, {
      exitCode: 130,
    });
  return err instanceof CliError ? err : pathFailure(remote, err);
}

function ignoreConflict(err: unknown): void {
  if ((err as { status?: number }).status !== 409) throw err;
}

/** Every file under a virtual folder, with its path relative to the folder. */
async function remoteFiles(
  client: ClipClient,
  folder: string,
  prefix = '',
): Promise<{ path: string; rel: string }[]> {
  const listing = await client.fs.listAll(folder);
  const out: { path: string; rel: string }[] = [];
  for (const item of listing.items) {
    const rel = prefix ? `${prefix}/${item.name}` : item.name;
    if (item.type === 'folder') {
      out.push({ path: item.path, rel: `${rel}/` });
      out.push(...(await remoteFiles(client, item.path, rel)));
    } else out.push({ path: item.path, rel });
  }
  return out;
}

export async function getPath(
  raw: string,
  destArg: string | undefined,
  options: GlobalOptions,
): Promise<void> {
  const path = normalizeVirtual(raw);
  await withSession(options, authenticated, ({ client }) =>
    onPath(path, async () => {
      const info = await client.fs.get(path);
      if (destArg === '-') {
        if (info.type === 'folder') throw new CliError(`${path}: a folder cannot go to stdout`);
        const res = await client.fs.openDownload(path);
        if (res.body) await pipeline(Readable.fromWeb(res.body as NodeReadableStream), process.stdout);
        return;
      }
      const destInfo = destArg ? await stat(destArg).catch(() => null) : null;
      const name = baseName(path) || 'root';
      let root: string;
      if (!destArg) root = resolve(name);
      else if (destInfo?.isDirectory()) root = join(resolve(destArg), name);
      else root = resolve(destArg);
      const jobs: { path: string; local: string }[] = [];
      if (info.type === 'folder') {
        await mkdir(root, { recursive: true });
        for (const f of await remoteFiles(client, path)) {
          const local = join(root, ...f.rel.split('/').filter(Boolean));
          if (!local.startsWith(root + sep)) throw new CliError(`${f.path}: unsafe name`);
          if (f.rel.endsWith('/')) await mkdir(local, { recursive: true });
          else jobs.push({ path: f.path, local });
        }
      } else jobs.push({ path, local: root });
      const labels = jobs.map((j) => relative(process.cwd(), j.local) || j.local);
      const display = await openProgressDisplay(labels, 'get');
      for (const [index, job] of jobs.entries()) {
        display.start(index);
        try {
          await client.fs.download(job.path, fileDownloadSink(job.local), {
            onProgress: (p) => display.update(index, p),
          });
          display.finish(index, true);
        } catch (err) {
          display.finish(index, false, err instanceof Error ? err.message : String(err));
          await display.close();
          throw new CliError(`${job.path}: ${err instanceof Error ? err.message : err}`);
        }
      }
      await display.close();
      if (options.json) return printJson(jobs);
      for (const label of labels) await printLine(label);
    }),
  );
}
