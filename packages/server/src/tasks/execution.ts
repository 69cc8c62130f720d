/**
 * Runs one claimed task: items in order from `next_item` (the first not yet done), a few at once,
 * with the counts, results and lease written at most twice a second, and a cooperative stop when the
 * task is cancelled (read from the database, so a cancel from any process reaches it) or the lease is lost.
 * Each item runs as the task's owner read again just before it (taskOwner.ts): a key deleted or expired
 * meanwhile fails the remaining items, a narrowed one reaches only what it may now.
 */
import type { TaskItemResult, TaskStatus } from '@clip/sdk';
import type { Logger } from 'pino';
import type { Actor } from '../services/actor.ts';
import type { Clock } from './clock.ts';
import { type ItemOutcome, type TaskHandler, TaskStopped } from './handler.ts';
import { itemFailureText } from './itemFailure.ts';
import { type TaskOwners, taskOwner } from './taskOwner.ts';
import { MAX_KEPT_RESULTS, parsePayload, type TaskRow } from './taskRow.ts';
import type { TaskStore } from './taskStore.ts';

export interface ExecutionOptions {
  tasks: TaskStore;
  /** Where the task's owner is read before each item. */
  owners: TaskOwners;
  clock: Clock;
  runnerId: string;
  leaseMs: number;
  /** Minimum time between two writes of progress (500 ms: at most twice a second). */
  flushIntervalMs: number;
  logger: Pick<Logger, 'warn' | 'error'>;
  /** Aborted when this process shuts down: items in flight finish, then the task is handed back. */
  shutdown?: AbortSignal;
  /** Test hook: called after each item's outcome is recorded in memory. */
  onItemDone?: (taskId: string, index: number) => void;
}

export async function executeTask(
  row: TaskRow,
  handler: TaskHandler,
  options: ExecutionOptions,
): Promise<void> {
  const { tasks, clock, runnerId, leaseMs } = options;
  /** Writes this task while this runner holds its lease. */
  const writeMine = (fields: Record<string, unknown>, whileRunning = false) =>
    tasks.updateMine(row.id, runnerId, fields, whileRunning);

  if (row.cancel_requested) {
    await writeMine(finalFields('cancelled', clock.now(), null));
    return;
  }
  let payload: ReturnType<typeof parsePayload>;
  try {
    payload = parsePayload(row);
  } catch {
    await writeMine(finalFields('failed', clock.now(), 'task payload is unreadable'));
    return;
  }
  const items = payload.items;
  const results: TaskItemResult[] = JSON.parse(row.results);
  const failedItems: number[] = JSON.parse(row.failed_items);
  const counts = {
    success: Number(row.success_count),
    skipped: Number(row.skipped_count),
    failed: Number(row.failed_count),
  };
  let bytesDone = Number(row.bytes_done);
  const bytesTotal = Number(row.bytes_total);
  let watermark = Number(row.next_item);
  let nextToStart = watermark;
  const finishedAhead = new Set<number>();
  const running = new Map<number, string>();
  const stop = new AbortController();
  let stopReason: 'cancelled' | 'lease-lost' | 'shutdown' | null = null;
  let dirty = true;
  const owner = taskOwner(options.owners, clock, row.owner);
  /** Why the owner may no longer run items (deleted, expired), once that was read. */
  let refusal: string | null = null;

  // A cancel is cooperative: items in flight finish their current write (or stop at their next
  // checkpoint, between parts). A lost lease aborts at once: another runner owns the task now.
  const halt = (reason: 'cancelled' | 'lease-lost' | 'shutdown') => {
    if (stopReason) return;
    stopReason = reason;
    if (reason === 'lease-lost') stop.abort(new TaskStopped('task lease lost'));
  };

  const progressFields = () => ({
    success_count: counts.success,
    skipped_count: counts.skipped,
    failed_count: counts.failed,
    bytes_done: bytesDone,
    next_item: watermark,
    progress: progressOf(watermark, items.length, bytesDone, bytesTotal),
    current_file: running.size ? [...running.values()][0] : null,
    results: JSON.stringify(results),
    failed_items: JSON.stringify(failedItems),
  });

  /** Renews the lease, writes progress if anything changed, and reads the cancel flag. */
  const flush = async () => {
    const now = clock.now();
    const fields: Record<string, unknown> = { lease_expires_at: now + leaseMs, updated_at: now };
    if (dirty) Object.assign(fields, progressFields());
    dirty = false;
    const changed = await writeMine(fields, true);
    if (changed === 0) return halt('lease-lost');
    if (await tasks.cancelRequested(row.id)) halt('cancelled');
  };

  // The heartbeat: also the only writer of progress while items run, so writes stay at <= 2/s.
  let ticking = Promise.resolve();
  const tick = () => {
    ticking = ticking
      .then(() => flush())
      .catch((err) => options.logger.warn({ err, task: row.id }, 'task heartbeat failed'));
    return ticking;
  };
  const heartbeat = setInterval(() => void tick(), options.flushIntervalMs);

  const record = (index: number, outcome: ItemOutcome) => {
    counts[outcome.status]++;
    if (outcome.status === 'failed') failedItems.push(index);
    if (results.length < MAX_KEPT_RESULTS) {
      const result: TaskItemResult = { index, path: outcome.path, status: outcome.status };
      if (outcome.error) result.error = outcome.error;
      results.push(result);
    }
    finishedAhead.add(index);
    while (finishedAhead.has(watermark)) finishedAhead.delete(watermark++);
    dirty = true;
    options.onItemDone?.(row.id, index);
  };

  const ctxFor = (actor: Actor) => ({
    actor,
    signal: stop.signal,
    addBytes(n: number) {
      bytesDone += n;
      dirty = true;
    },
    checkpoint() {
      if (stopReason)
        throw new TaskStopped(stopReason === 'cancelled' ? 'task cancelled' : 'task lease lost');
    },
  });

  const worker = async () => {
    while (!stopReason && nextToStart < items.length) {
      const index = nextToStart++;
      const item = items[index];
      const path = handler.describe(item);
      running.set(index, path);
      dirty = true;
      let actor: Actor | null = null;
      try {
        const standing = await owner();
        if ('refused' in standing) {
          refusal = standing.refused;
          record(index, { status: 'failed', path, error: `not run: ${refusal}` });
          continue;
        }
        actor = standing.actor;
        // An item that finished is recorded even when a stop came meanwhile: its write happened.
        record(index, await handler.runItem(item, payload, ctxFor(actor)));
      } catch (err) {
        // An item cut short by a stop is not done: a takeover or a retry does it again.
        if (!stopReason)
          record(index, {
            status: 'failed',
            path,
            error: itemFailureText(err, { taskId: row.id, item: path, actor, logger: options.logger }),
          });
      } finally {
        running.delete(index);
      }
    }
  };

  const onShutdown = () => halt('shutdown');
  options.shutdown?.addEventListener('abort', onShutdown, { once: true });
  try {
    await flush();
    const concurrency = Math.max(1, handler.concurrency ?? 1);
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    clearInterval(heartbeat);
    options.shutdown?.removeEventListener('abort', onShutdown);
    await ticking;
  }
  if (stopReason === 'lease-lost') return;
  if (stopReason === 'shutdown') {
    // Handed back at once (no lease to wait out): any process goes on from the first item not done.
    const now = clock.now();
    await writeMine({
      ...progressFields(),
      status: 'pending',
      current_file: null,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: now,
    });
    return;
  }
  await handler
    .finish?.(payload)
    .catch((err) => options.logger.warn({ err, task: row.id }, 'task finish step failed'));
  const status: TaskStatus =
    stopReason === 'cancelled'
      ? 'cancelled'
      : counts.failed === 0
        ? 'completed'
        : counts.success + counts.skipped > 0
          ? 'partial'
          : 'failed';
  const error = refusal
    ? `${refusal}: the remaining items were not run`
    : status === 'failed'
      ? `all ${counts.failed} items failed`
      : null;
  await writeMine({
    ...progressFields(),
    ...finalFields(status, clock.now(), error),
    current_file: null,
  });
}

/**
 * Items done, or bytes moved when that says more (a task of a few large items, or one archive); below
 * 100 until every item is done.
 */
function progressOf(itemsDone: number, items: number, bytesDone: number, bytesTotal: number): number {
  if (items === 0) return 100;
  const byItems = Math.floor((itemsDone / items) * 100);
  if (itemsDone >= items || bytesTotal <= 0) return byItems;
  return Math.max(byItems, Math.min(99, Math.floor((bytesDone / bytesTotal) * 100)));
}

export function finalFields(status: TaskStatus, now: number, error: string | null) {
  return {
    status,
    error,
    completed_at: now,
    updated_at: now,
    lease_owner: null,
    lease_expires_at: null,
    ...(status === 'completed' ? { progress: 100 } : {}),
  };
}
