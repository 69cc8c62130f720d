/**
 * The task runner every server process starts: it polls for claimable tasks (and is woken when this
 * process creates one), runs up to `maxTasks` at once, and stops cleanly on close. Several runners on
 * one database never run the same task twice (see taskStore.ts); a dead runner's task is taken over once
 * its lease lapses.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Database } from '../db/connect.ts';
import { type Clock, systemClock } from './clock.ts';
import { executeTask } from './execution.ts';
import type { TaskHandler } from './handler.ts';
import { taskOwnersIn } from './taskOwner.ts';
import { claimTask, createTaskStore } from './taskStore.ts';
import { retryDb } from './transient.ts';

export interface TaskRunnerOptions {
  db: Pick<Database, 'knex' | 'dialect' | 'hot' | 'sqliteHot'>;
  logger: Pick<Logger, 'warn' | 'error'>;
  clock?: Clock;
  /** A runner that stops renewing for this long loses its task to another runner (default 30 s). */
  leaseMs?: number;
  /** How often an idle runner looks for work (default 1 s). */
  pollMs?: number;
  /** Progress and lease writes per running task, at most one per this interval (default 500 ms). */
  flushIntervalMs?: number;
  /** Tasks this process runs at once (default 2). */
  maxTasks?: number;
  onItemDone?: (taskId: string, index: number) => void;
}

export interface TaskRunner {
  readonly id: string;
  register(type: string, handler: TaskHandler<never>): void;
  start(): void;
  /** Looks for work now (called after this process creates a task). */
  wake(): void;
  /** Claims and runs tasks until none is left; for tests and one-shot tools. Answers how many ran. */
  drain(): Promise<number>;
  /** Stops polling; running tasks finish their items in flight and are handed back as pending. */
  stop(): Promise<void>;
}

export function createTaskRunner(options: TaskRunnerOptions): TaskRunner {
  const id = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const clock = options.clock ?? systemClock;
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 1_000;
  const maxTasks = options.maxTasks ?? 2;
  const handlers = new Map<string, TaskHandler>();
  const active = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopped = false;
  let looking: Promise<void> | null = null;
  const shutdown = new AbortController();
  const { knex, dialect } = options.db;
  const tasks = createTaskStore(knex);
  const owners = taskOwnersIn(options.db);

  const runOne = async (): Promise<boolean> => {
    if (handlers.size === 0) return false;
    const row = await retryDb(() =>
      claimTask(knex, dialect, {
        runnerId: id,
        now: clock.now(),
        leaseMs,
        types: [...handlers.keys()],
      }),
    );
    if (!row) return false;
    const job = executeTask(row, handlers.get(row.type)!, {
      tasks,
      owners,
      clock,
      runnerId: id,
      leaseMs,
      flushIntervalMs: options.flushIntervalMs ?? 500,
      logger: options.logger,
      onItemDone: options.onItemDone,
      shutdown: shutdown.signal,
    })
      .catch((err) => options.logger.error({ err, task: row.id }, 'task run failed'))
      .finally(() => {
        active.delete(job);
        if (started && !stopped) schedule(0);
      });
    active.add(job);
    return true;
  };

  const look = async () => {
    try {
      while (!stopped && active.size < maxTasks && (await runOne())) {}
    } catch (err) {
      options.logger.warn({ err }, 'task claim failed');
    }
  };

  function schedule(delay: number) {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (stopped) return;
      looking ??= look().finally(() => {
        looking = null;
        if (!stopped) schedule(pollMs);
      });
    }, delay);
    timer.unref();
  }

  return {
    id,
    register(type, handler) {
      handlers.set(type, handler as TaskHandler);
    },
    start() {
      started = true;
      schedule(0);
    },
    wake() {
      if (started && !stopped) schedule(0);
    },
    async drain() {
      let ran = 0;
      while (await runOne()) {
        ran++;
        await Promise.all(active);
      }
      await Promise.all(active);
      return ran;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await looking;
      shutdown.abort();
      await Promise.all(active);
    },
  };
}
