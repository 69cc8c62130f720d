/**
 * Where `clip get` saves a file share. Opening a share counts a view, so everything that can refuse is
 * checked first: a one-view share must not be spent on a get that then writes nothing.
 */
import { constants } from 'node:fs';
import { access, rm, stat } from 'node:fs/promises';
import { dirname, extname } from 'node:path';
import { CliError } from '../errors.ts';
import { counted } from './counted.ts';

export interface TargetOptions {
  force?: boolean;
  continue?: boolean;
}

export interface DownloadPlan {
  partPath: string;
  finalPath: string;
  /** The file is already whole (a --continue of a finished download). */
  done: boolean;
}

async function sizeOrNull(path: string): Promise<number | null> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new CliError(`${path} is a directory: name a file to save to`);
    return info.size;
  } catch (err) {
    if (err instanceof CliError) throw err;
    return null;
  }
}

/** The folder must exist and take new files, or the download would fail after the view is counted. */
export async function checkFolder(folder: string): Promise<void> {
  try {
    if (!(await stat(folder)).isDirectory()) throw new CliError(`${folder} is not a directory`);
    await access(folder, constants.W_OK);
  } catch (err) {
    if (err instanceof CliError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new CliError(
      code === 'ENOENT' ? `no such directory: ${folder}` : `cannot write to ${folder} (${code ?? err})`,
    );
  }
}

/** A path the user named (-o): refused now, before the share is opened, when it may not be written. */
export async function checkNamedTarget(target: string, options: TargetOptions): Promise<void> {
  await checkFolder(dirname(target));
  const existing = await sizeOrNull(target);
  if (existing === null || options.force || options.continue) return;
  throw new CliError(`${target} already exists (--force overwrites it, --continue resumes it)`);
}

/**
 * The share's own name is known only once the view is counted, so a clash there cannot refuse without
 * losing that view: without --force or --continue the file goes beside it as `name-1.ext`, `name-2.ext`...
 */
export async function freeTarget(target: string, options: TargetOptions): Promise<string> {
  if (options.force || options.continue || (await sizeOrNull(target)) === null) return target;
  const ext = extname(target);
  const stem = target.slice(0, target.length - ext.length);
  for (let n = 1; ; n++) {
    const candidate = `${stem}-${n}${ext}`;
    if ((await sizeOrNull(candidate)) === null && (await sizeOrNull(`${candidate}.part`)) === null)
      return candidate;
  }
}

/** Where the bytes go for a target already cleared by the checks above, now that the size is known. */
export async function planDownload(
  target: string,
  size: number,
  options: TargetOptions,
): Promise<DownloadPlan> {
  const existing = await sizeOrNull(target);
  const fresh = { partPath: `${target}.part`, finalPath: target, done: false };
  if (existing === null) return fresh;
  if (options.force) {
    await rm(`${target}.part`, { force: true });
    return fresh;
  }
  if (options.continue && existing <= size)
    return { partPath: target, finalPath: target, done: existing === size };
  throw new CliError(
    `${target} is larger than the share (${counted(size, 'byte')}), so it cannot be resumed: use --force`,
  );
}
