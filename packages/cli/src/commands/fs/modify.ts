/** `clip cp`, `clip mv`, `clip rm`: batch copy (inline, a server task, or client-side), rename, batch remove. */
import type { ClipClient, CopyPair, CopyReport } from '@clip/sdk';
import { ClipError } from '@clip/sdk';
import { CliError } from '../../errors.ts';
import type { GlobalOptions } from '../../globalOptions.ts';
import { note, printJson, printLine } from '../../output.ts';
import { ask, canPrompt } from '../../services/prompt.ts';
import { withSession } from '../../services/session.ts';
import {
  baseName,
  isNotFound,
  joinVirtual,
  normalizeVirtual,
  onPath,
  pathFailure,
} from '../../services/virtualPath.ts';
import { followTask } from '../tasks.ts';

const authenticated = { requireAuth: true };

export interface CopyCommandOptions extends GlobalOptions {
  wait?: boolean;
  overwrite?: boolean;
}

/** cp semantics: into an existing folder each source keeps its name; otherwise one source becomes `dest`. */
async function copyPairs(client: ClipClient, sources: string[], destRaw: string): Promise<CopyPair[]> {
  const dest = normalizeVirtual(destRaw);
  const target = await client.fs.get(dest).catch((err) => {
    if (isNotFound(err)) return null;
    throw new CliError(`${dest}: ${(err as Error).message}`);
  });
  const paths = sources.map(normalizeVirtual);
  if (target?.type === 'folder')
    return paths.map((p) => ({ sourcePath: p, targetPath: joinVirtual(dest, baseName(p)) }));
  if (paths.length > 1) throw new CliError(`${dest}: not a folder (several sources need a folder)`);
  return [{ sourcePath: paths[0], targetPath: dest }];
}

async function runCopy(
  client: ClipClient,
  pairs: CopyPair[],
  options: CopyCommandOptions,
  waitAlways: boolean,
): Promise<CopyReport> {
  for (const pair of pairs) await onPath(pair.sourcePath, () => client.fs.get(pair.sourcePath));
  const report = await client.fs.copy(pairs, { skipExisting: !options.overwrite, wait: false });
  if (report.mode === 'task' && report.task && (options.wait || waitAlways)) {
    const last = await followTask(client, report.task.id, !options.json);
    return { ...report, task: last, copied: last.success, skipped: last.skipped };
  }
  return report;
}

function failIfFailed(report: CopyReport): void {
  if (report.failed.length > 0)
    throw new CliError(
      `${report.failed[0].sourcePath}: ${report.failed[0].error} (${report.failed.length} failed)`,
    );
  if (report.task && ['failed', 'cancelled', 'partial'].includes(report.task.status))
    throw new CliError(
      `task ${report.task.id} ${report.task.status}${report.task.error ? `: ${report.task.error}` : ''}`,
    );
}

async function printCopy(report: CopyReport, options: GlobalOptions, verb: string): Promise<void> {
  if (options.json) return printJson(report);
  if (
    report.mode === 'task' &&
    report.task &&
    !['completed', 'partial', 'failed', 'cancelled'].includes(report.task.status)
  )
    return printLine(`task ${report.task.id} started (clip tasks watch ${report.task.id})`);
  await printLine(`${verb} ${report.copied}, skipped ${report.skipped}, failed ${report.failed.length}`);
}

export async function cp(args: string[], options: CopyCommandOptions): Promise<void> {
  if (args.length < 2) throw new CliError('cp needs a source and a destination');
  await withSession(options, authenticated, async ({ client }) => {
    const pairs = await copyPairs(client, args.slice(0, -1), args[args.length - 1]);
    const report = await runCopy(client, pairs, options, false);
    failIfFailed(report);
    await printCopy(report, options, 'copied');
  });
}

/** Rename when the server can (same mount); across mounts: copy, then remove the sources once all copied. */
export async function mv(args: string[], options: CopyCommandOptions): Promise<void> {
  if (args.length < 2) throw new CliError('mv needs a source and a destination');
  await withSession(options, authenticated, async ({ client }) => {
    const pairs = await copyPairs(client, args.slice(0, -1), args[args.length - 1]);
    const across: CopyPair[] = [];
    for (const pair of pairs) {
      try {
        await client.fs.rename(pair.sourcePath, pair.targetPath);
        if (!options.json) await printLine(`${pair.sourcePath} -> ${pair.targetPath}`);
      } catch (err) {
        if (err instanceof ClipError && err.status === 400 && /mount|copy/i.test(err.message))
          across.push(pair);
        else throw pathFailure(pair.sourcePath, err);
      }
    }
    if (across.length === 0) return options.json ? printJson({ moved: pairs.length }) : undefined;
    const report = await runCopy(client, across, { ...options, overwrite: true }, true);
    failIfFailed(report);
    const removed = await client.fs.batchRemove(across.map((p) => p.sourcePath));
    if (removed.failed?.length > 0)
      throw new CliError(`${removed.failed[0].path}: copied but not removed: ${removed.failed[0].error}`);
    if (options.json) return printJson({ moved: pairs.length, copy: report });
    for (const pair of across) await printLine(`${pair.sourcePath} -> ${pair.targetPath}`);
  });
}

export interface RmOptions extends GlobalOptions {
  recursive?: boolean;
  force?: boolean;
}

export async function rm(raw: string[], options: RmOptions): Promise<void> {
  const paths = raw.map(normalizeVirtual);
  await withSession(options, authenticated, async ({ client }) => {
    for (const path of paths) {
      const info = await onPath(path, () => client.fs.get(path));
      if (info.is_mount) throw new CliError(`${path}: a mount root (use \`clip mounts rm\`)`);
      if (info.type === 'folder' && !options.recursive)
        throw new CliError(`${path}: is a folder (use -r to remove it and everything below)`);
    }
    if (!options.force && canPrompt()) {
      const answer = await ask(`remove ${paths.length === 1 ? paths[0] : `${paths.length} paths`}? [y/N] `);
      if (!/^y(es)?$/i.test(answer)) throw new CliError('nothing removed', { exitCode: 1 });
    }
    const result = await client.fs.batchRemove(paths);
    if (options.json) return printJson(result);
    const taskId = (result as { task_id?: string }).task_id;
    if (taskId) return note(`removing as task ${taskId} (clip tasks watch ${taskId})`);
    if (result.failed.length > 0) throw new CliError(`${result.failed[0].path}: ${result.failed[0].error}`);
    for (const path of paths) note(`removed ${path}`);
  });
}
