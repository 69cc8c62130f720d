/** What a task type plugs into the runner: how to do one item. The runner owns order, counts, progress and cancel. */
import type { TaskItemResult } from '@clip/sdk';
import type { Actor } from '../services/actor.ts';
import type { TaskPayload } from './taskRow.ts';

/** Thrown by `checkpoint()` once the task was cancelled or its lease lost: the item stops between parts. */
export class TaskStopped extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'AbortError';
  }
}

export interface ItemContext {
  /** Who the item runs as: the task's owner read from the database just before it (taskOwner.ts). */
  actor: Actor;
  /** Aborted when this runner lost its lease (a cancel waits for `checkpoint`); pass it to storage calls. */
  signal: AbortSignal;
  /**
   * The task was claimed before (a takeover after a dead runner, a hand-back, a retry): this item's
   * effect may already be there although its outcome was never recorded, e.g. a file already deleted.
   */
  resumed: boolean;
  /** Counts bytes moved (progress). */
  addBytes(n: number): void;
  /** Call between parts: throws TaskStopped when the task must stop. */
  checkpoint(): void;
}

export interface ItemOutcome {
  status: TaskItemResult['status'];
  /** What the item is shown as (the target path for a copy). */
  path: string;
  error?: string;
}

/** The run a `finish` ends. */
export interface TaskRun {
  /** The task was claimed before this run (see `ItemContext.resumed`). */
  resumed: boolean;
  /** When this run claimed the task (epoch ms): what a dead runner left is older. */
  claimedAt: number;
}

export interface TaskHandler<Item = unknown> {
  /** Items run at once inside one task (default 1). */
  concurrency?: number;
  /** What the task shows as its current file while the item runs. */
  describe(item: Item): string;
  runItem(item: Item, payload: TaskPayload<Item>, ctx: ItemContext): Promise<ItemOutcome>;
  /**
   * After the last item (also when cancelled): e.g. one cache invalidation for the whole task; with
   * `resumed`, also what a dead runner left behind.
   */
  finish?(payload: TaskPayload<Item>, run: TaskRun): Promise<void>;
}
