/** `clip tasks ls|show|watch|cancel|retry`: the server's background tasks (a key sees its own). */
import type { ClipClient, Task, TaskItemResult, TaskStatus, TaskType } from '@clip/sdk';
import type { GlobalOptions } from '../globalOptions.ts';
import { note, printJson, printLine } from '../output.ts';
import { parseCount } from '../services/durations.ts';
import { openProgressDisplay } from '../services/progressDisplay.ts';
import { withSession } from '../services/session.ts';
import { humanSize } from '../services/virtualPath.ts';
import { type Column, formatTable, shortTime, truncate } from '../table.ts';

const authenticated = { requireAuth: true };

const TASK_COLUMNS: Column<Task>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'TYPE', value: (t) => t.type },
  { header: 'STATUS', value: (t) => t.status },
  { header: 'PROGRESS', value: (t) => `${t.progress}%` },
  { header: 'FILES', value: (t) => `${t.success + t.skipped + t.failed}/${t.total}` },
  { header: 'FAILED', value: (t) => String(t.failed) },
  { header: 'CREATED', value: (t) => shortTime(t.created_at) },
  { header: 'WHAT', value: (t) => truncate(t.current_file ?? route(t), 60) },
];

/** What a task read and wrote: `source -> target`, or the one of them it has. */
function route(task: Task): string {
  if (task.source && task.target) return `${task.source} -> ${task.target}`;
  return task.source ?? task.target ?? '';
}

/** The items the server named, with why, then how many more it counted. */
function itemLines(label: string, named: TaskItemResult[] | undefined, count: number): string[] {
  const lines = (named ?? []).map((r) => `${label.padEnd(10)}${r.path}: ${r.error ?? ''}`);
  const more = count - (named?.length ?? 0);
  if (more > 0) lines.push(`${label.padEnd(10)}and ${more} more`);
  return lines;
}

export interface ListTasksOptions extends GlobalOptions {
  type?: TaskType;
  status?: TaskStatus;
  limit?: string;
}

export async function listTasks(options: ListTasksOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    const result = await client.tasks.list({
      type: options.type,
      status: options.status,
      limit: options.limit ? parseCount(options.limit, '--limit') : undefined,
    });
    if (options.json) return printJson(result);
    if (result.items.length === 0) return note('no tasks');
    await printLine(formatTable(result.items, TASK_COLUMNS));
  });
}

function describe(task: Task): string {
  const lines = [
    `id        ${task.id}`,
    `type      ${task.type}`,
    `status    ${task.status}${task.cancel_requested && task.status === 'running' ? ' (cancelling)' : ''}`,
    ...(task.source ? [`source    ${task.source}`] : []),
    ...(task.target ? [`target    ${task.target}`] : []),
    `progress  ${task.progress}%  ${humanSize(task.bytes_done)} of ${humanSize(task.bytes_total)}`,
    `files     ${task.total} total, ${task.success} done, ${task.skipped} skipped, ${task.failed} failed`,
    `created   ${shortTime(task.created_at)}`,
    `finished  ${shortTime(task.completed_at)}`,
  ];
  if (task.current_file) lines.push(`current   ${task.current_file}`);
  if (task.error) lines.push(`error     ${task.error}`);
  lines.push(...itemLines('skipped', task.skipped_items, task.skipped));
  lines.push(...itemLines('failed', task.failed_items, task.failed));
  return lines.join('\n');
}

export async function showTask(id: string, options: GlobalOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    const task = await client.tasks.get(id);
    if (options.json) return printJson(task);
    await printLine(describe(task));
  });
}

/** Follows a task to its end with a progress bar (terminal) or lines (otherwise); answers its last state. */
export async function followTask(client: ClipClient, id: string, show: boolean): Promise<Task> {
  const display = show ? await openProgressDisplay([`task ${id}`], 'task') : null;
  let last: Task | null = null;
  display?.start(0);
  for await (const task of client.tasks.watch(id, { intervalMs: 300 })) {
    last = task;
    display?.update(0, {
      stage: task.status as never,
      percent: task.progress,
      loaded: task.bytes_done,
      total: task.bytes_total,
      speed: 0,
    });
  }
  const ok = last?.status === 'completed';
  display?.finish(0, ok, ok ? undefined : last?.status);
  await display?.close();
  return last as Task;
}

export async function watchTask(id: string, options: GlobalOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    const task = await followTask(client, id, !options.json);
    if (options.json) return printJson(task);
    await printLine(
      `${task.id} ${task.status}: ${task.success} done, ${task.skipped} skipped, ${task.failed} failed`,
    );
    if (task.status !== 'completed') process.exitCode = 1;
  });
}

export async function cancelTask(id: string, options: GlobalOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    const task = await client.tasks.cancel(id);
    if (options.json) return printJson(task);
    await printLine(`${task.id} ${task.status}${task.cancel_requested ? ' (cancel requested)' : ''}`);
  });
}

export async function retryTask(id: string, options: GlobalOptions): Promise<void> {
  await withSession(options, authenticated, async ({ client }) => {
    const task = await client.tasks.retry(id);
    if (options.json) return printJson(task);
    await printLine(`${task.id} ${task.status}`);
  });
}
