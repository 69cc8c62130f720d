/**
 * Runs one claimed task: the items not yet recorded done, in order, a few at once, with the counts,
 * results and lease written at most twice a second, and a cooperative stop when the task is cancelled
 * (read from the database, so a cancel from any process reaches it) or the lease is lost.
 * Exactly once (ADR 0062): the claim's fencing token guards every write. Each item's outcome is recorded
 * in `task_items` as it ends, by an insert that only lands while this claim holds the task, and the
 * counts are those records: a runner taking the task over skips them and counts from them. Before an
 * item starts, the runner checks its hold (the database on a worker's first item, the record of its
 * previous item after that) and that its lease cannot have lapsed by its own clock, so a runner whose
 * heartbeats fail stops before another may claim the task. Database calls on this path are retried
 * through transient failures (connection cuts, serialisation failures, deadlocks).
 * Each item runs as the task's owner read again just before it (taskOwner.ts): a key deleted or expired
 * meanwhile fails the remaining items, a narrowed one reaches only what it may now.
 */
import type { TaskItemResult, TaskStatus } from '@clip/sdk';
import type { Logger } from 'pino';
import type { Actor } from '../services/actor.ts';
import type { Clock } from './clock.ts';
import { type ItemOutcome, type TaskHandler, TaskStopped } from './handler.ts';
import { itemFailureText } from './itemFailure.ts';
import { allFailedError, finishedStatus, itemResult, summarizeRecords } from './recordedOutcomes.ts';
import { type TaskOwners, taskOwner } from './taskOwner.ts';
import { MAX_KEPT_RESULTS, parsePayload, type TaskRow } from './taskRow.ts';
import type { TaskFence, TaskItemRecord, TaskStore } from './taskStore.ts';
import { isTransientDb, retryDb, withRetry } from './transient.ts';

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
  /** Test hook: called after each item's outcome is recorded. */
  onItemDone?: (taskId: string, index: number) => void;
}

type StopReason = 'cancelled' | 'lease-lost' | 'lease-lapsing' | 'shutdown';

/** Where a run starts: what earlier runs recorded (or, for a task begun before item records, its watermark). */
function resumeState(row: TaskRow, recorded: TaskItemRecord[]) {
  const done = new Set<number>();
  for (let i = 0; i < Number(row.next_item); i++) done.add(i);
  if (recorded.length === 0)
    return {
      done,
      counts: {
        success: Number(row.success_count),
        skipped: Number(row.skipped_count),
        failed: Number(row.failed_count),
      },
      results: JSON.parse(row.results) as TaskItemResult[],
      failedItems: JSON.parse(row.failed_items) as number[],
    };
  for (const r of recorded) done.add(r.item_index);
  return { done, ...summarizeRecords(recorded) };
}

export async function executeTask(
  row: TaskRow,
  handler: TaskHandler,
  options: ExecutionOptions,
): Promise<void> {
  const { tasks, clock, runnerId, leaseMs } = options;
  const fence: TaskFence = { id: row.id, runnerId, token: Number(row.attempts) };
  /** Writes this task while this claim holds it. */
  const writeHeld = (fields: Record<string, unknown>, whileRunning = false) =>
    retryDb(() => tasks.updateHeld(fence, fields, whileRunning));

  if (row.cancel_requested) {
    await writeHeld(finalFields('cancelled', clock.now(), null));
    return;
  }
  let payload: ReturnType<typeof parsePayload>;
  try {
    payload = parsePayload(row);
  } catch {
    await writeHeld(finalFields('failed', clock.now(), 'task payload is unreadable'));
    return;
  }
  const items = payload.items;
  const { done, counts, results, failedItems } = resumeState(
    row,
    await retryDb(() => tasks.recordedItems(row.id)),
  );
  // Claimed before (a takeover, a hand-back, a retry): an item's effect may be there without its record.
  const resumed = Number(row.attempts) > 1;
  // Compared with files' mtimes, so the wall clock rather than the injected one.
  const claimedAt = Date.now();
  let bytesDone = Number(row.bytes_done);
  const bytesTotal = Number(row.bytes_total);
  let watermark = 0;
  const advanceWatermark = () => {
    while (done.has(watermark)) watermark++;
  };
  advanceWatermark();
  let nextToStart = watermark;
  const running = new Map<number, string>();
  const stop = new AbortController();
  let stopReason: StopReason | null = null;
  let dirty = true;
  /** Until when the lease is surely ours: the expiry of the last renewal that landed. */
  let leaseHeldUntil = Number(row.lease_expires_at ?? clock.now() + leaseMs);
  // Stop while a quarter of the lease (at most 5 s) is left, so the items in flight end before it lapses.
  const lapseMargin = Math.min(leaseMs / 4, 5_000);
  const owner = taskOwner(options.owners, clock, row.owner);
  /** Why the owner may no longer run items (deleted, expired), once that was read. */
  let refusal: string | null = null;

  // A cancel is cooperative: items in flight finish their current write (or stop at their next
  // checkpoint, between parts). A lost (or lapsing) lease aborts at once: another runner may own it.
  const halt = (reason: StopReason) => {
    if (stopReason) return;
    stopReason = reason;
    if (reason === 'lease-lost' || reason === 'lease-lapsing') stop.abort(new TaskStopped('task lease lost'));
  };
  const checkLease = () => {
    if (clock.now() >= leaseHeldUntil - lapseMargin) halt('lease-lapsing');
  };

  const progressFields = () => ({
    success_count: counts.success,
    skipped_count: counts.skipped,
    failed_count: counts.failed,
    bytes_done: bytesDone,
    next_item: watermark,
    progress: progressOf(
      counts.success + counts.skipped + counts.failed,
      items.length,
      bytesDone,
      bytesTotal,
    ),
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
    const changed = await writeHeld(fields, true);
    if (changed === 0) return halt('lease-lost');
    leaseHeldUntil = now + leaseMs;
    if (await retryDb(() => tasks.cancelRequested(row.id))) halt('cancelled');
  };

  // The heartbeat: also the only writer of progress while items run, so writes stay at <= 2/s.
  let ticking = Promise.resolve();
  const tick = () => {
    ticking = ticking
      .then(() => flush())
      .catch((err) => {
        dirty = true;
        options.logger.warn({ err, task: row.id }, 'task heartbeat failed');
      })
      .then(checkLease);
    return ticking;
  };
  const heartbeat = setInterval(() => void tick(), options.flushIntervalMs);

  /** Records an item's outcome under the fence, then counts it; a record that cannot land stops the run. */
  const record = async (index: number, outcome: ItemOutcome) => {
    const error = outcome.error ?? null;
    const kept = await retryDb(() =>
      tasks.recordItem(fence, index, { status: outcome.status, path: outcome.path, error }),
    ).catch((err) => {
      options.logger.warn({ err, task: row.id }, 'task item record failed');
      return false;
    });
    // Not kept: the lease is lost, or an earlier attempt of this insert landed before its connection
    // broke (this run never records an item twice). Only the second still holds the task.
    if (!kept && !(await retryDb(() => tasks.holds(fence, clock.now())).catch(() => false)))
      return halt('lease-lost');
    counts[outcome.status]++;
    if (outcome.status === 'failed') failedItems.push(index);
    if (results.length < MAX_KEPT_RESULTS)
      results.push(itemResult({ item_index: index, status: outcome.status, path: outcome.path, error }));
    done.add(index);
    advanceWatermark();
    dirty = true;
    options.onItemDone?.(row.id, index);
  };

  const ctxFor = (actor: Actor) => ({
    actor,
    signal: stop.signal,
    resumed,
    addBytes(n: number) {
      bytesDone += n;
      dirty = true;
    },
    checkpoint() {
      checkLease();
      if (stopReason)
        throw new TaskStopped(stopReason === 'cancelled' ? 'task cancelled' : 'task lease lost');
    },
  });

  /** The owner, read through transient database failures. */
  const standing = () => retryDb(owner, stop.signal);
  /** One item, run again while it fails for a transient database error (its effect is idempotent). */
  const runItem = (item: unknown, actor: Actor) =>
    withRetry(() => handler.runItem(item, payload, ctxFor(actor)), {
      retryOn: (err) => !stopReason && isTransientDb(err),
      attempts: 5,
      baseDelayMs: 200,
      maxDelayMs: 2_000,
      signal: stop.signal,
    });

  const takeNext = (): number | null => {
    while (nextToStart < items.length && done.has(nextToStart)) nextToStart++;
    return nextToStart < items.length ? nextToStart++ : null;
  };

  const worker = async () => {
    // A worker's first item checks the hold in the database; each later one was checked by the
    // record of the item before it.
    let held = false;
    while (!stopReason) {
      checkLease();
      if (!held) {
        held = await retryDb(() => tasks.holds(fence, clock.now())).catch(() => false);
        if (!held) halt('lease-lost');
      }
      if (stopReason) break;
      const index = takeNext();
      if (index === null) break;
      const item = items[index];
      const path = handler.describe(item);
      running.set(index, path);
      dirty = true;
      let actor: Actor | null = null;
      try {
        const owned = await standing();
        if ('refused' in owned) {
          refusal = owned.refused;
          await record(index, { status: 'failed', path, error: `not run: ${refusal}` });
          continue;
        }
        actor = owned.actor;
        const outcome = await runItem(item, actor);
        // An item that finished is recorded even when a stop came meanwhile: its write happened (and
        // a runner that lost its lease fails to record it, so its successor does it again).
        await record(index, outcome);
      } catch (err) {
        // An item cut short by a stop is not done: a takeover or a retry does it again.
        if (!stopReason)
          await record(index, {
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
    await flush().catch((err) => {
      // The claim just renewed the lease; a first heartbeat that fails is retried by the next.
      dirty = true;
      options.logger.warn({ err, task: row.id }, 'task heartbeat failed');
    });
    const concurrency = Math.max(1, handler.concurrency ?? 1);
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    clearInterval(heartbeat);
    options.shutdown?.removeEventListener('abort', onShutdown);
    await ticking;
  }
  if (stopReason === 'lease-lost') return;
  if (stopReason === 'shutdown' || stopReason === 'lease-lapsing') {
    // Handed back at once (no lease to wait out): any process goes on from the items not recorded.
    // A lapsing lease tries the same; if the database is still out of reach the lease runs out instead.
    const now = clock.now();
    await writeHeld({
      ...progressFields(),
      status: 'pending',
      current_file: null,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: now,
    }).catch((err) => options.logger.warn({ err, task: row.id }, 'task hand-back failed'));
    return;
  }
  await retryDb(() => handler.finish?.(payload, { resumed, claimedAt }) ?? Promise.resolve()).catch((err) =>
    options.logger.warn({ err, task: row.id }, 'task finish step failed'),
  );
  const status = finishedStatus(counts, stopReason === 'cancelled');
  const error = refusal ? `${refusal}: the remaining items were not run` : allFailedError(status, counts);
  await writeHeld({
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
