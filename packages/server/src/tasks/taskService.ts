/** The task API over an Actor: a key sees only its own tasks, the admin sees all (permissions.ts decides). */
import { randomUUID } from 'node:crypto';
import {
  type ClearTasksResult,
  isTaskFinished,
  type ListResult,
  TASK_ITEMS_NAMED,
  type Task,
  type TaskListQuery,
  type TaskType,
} from '@clip/sdk/contract';
import type { Knex } from 'knex';
import { conflict, notFound } from '../http/appError.ts';
import { type Actor, creatorId } from '../services/actor.ts';
import { ownerFilter } from '../services/permissions.ts';
import type { Clock } from './clock.ts';
import type { ItemOutcome } from './handler.ts';
import { allFailedError, finishedStatus, itemResult, summarizeRecords } from './recordedOutcomes.ts';
import { parsePayload, type TaskPayload, type TaskRow, toTask, toTaskDetail } from './taskRow.ts';
import { createTaskStore, type TaskItemRecord } from './taskStore.ts';
import { retryDb } from './transient.ts';

export interface CreateTaskInput<Item> {
  type: TaskType;
  payload: TaskPayload<Item>;
  bytesTotal?: number;
  /** What the task reads and writes, in one path each (pathSummary.ts). */
  source?: string | null;
  target?: string | null;
}

/** A task the server did within the request: one outcome per payload item, in order. */
export interface DoneTaskInput<Item> extends CreateTaskInput<Item> {
  outcomes: ItemOutcome[];
}

export interface TaskService {
  create<Item>(actor: Actor, input: CreateTaskInput<Item>): Promise<Task>;
  /**
   * Records work done within the request as a finished task with its item outcomes, so it is listed
   * with the rest and a retry runs its failed items through the runner.
   */
  recordDone<Item>(actor: Actor, input: DoneTaskInput<Item>): Promise<Task>;
  list(actor: Actor, query: TaskListQuery): Promise<ListResult<Task>>;
  get(actor: Actor, id: string): Promise<Task>;
  cancel(actor: Actor, id: string): Promise<Task>;
  /** Runs the failed items of a finished task again (same task id). */
  retry(actor: Actor, id: string): Promise<Task>;
  remove(actor: Actor, id: string): Promise<void>;
  clear(actor: Actor): Promise<ClearTasksResult>;
}

export function createTaskService(deps: { knex: Knex; clock: Clock; wake(): void }): TaskService {
  const { clock } = deps;
  const tasks = createTaskStore(deps.knex);

  async function row(actor: Actor, id: string): Promise<TaskRow> {
    const found = await tasks.visible(ownerFilter(actor), id);
    // Someone else's task answers like a missing one: its existence is not the caller's business.
    if (!found) throw notFound('task not found');
    return found;
  }

  const newRecord = <Item>(actor: Actor, input: CreateTaskInput<Item>, now: number) => ({
    id: randomUUID(),
    type: input.type,
    status: 'pending' as const,
    owner: creatorId(actor),
    progress: 0,
    total_count: input.payload.items.length,
    bytes_total: input.bytesTotal ?? 0,
    created_at: now,
    updated_at: now,
    payload: JSON.stringify(input.payload),
    source: input.source ?? null,
    target: input.target ?? null,
  });

  /** The task with its first named skipped and failed items, read from its item records. */
  async function detail(found: TaskRow): Promise<Task> {
    const named = async (status: 'skipped' | 'failed') =>
      (await tasks.itemsWithStatus(found.id, status, TASK_ITEMS_NAMED)).map(itemResult);
    return toTaskDetail(found, { skipped: await named('skipped'), failed: await named('failed') });
  }

  return {
    async create(actor, input) {
      const created = await tasks.insert(newRecord(actor, input, clock.now()));
      deps.wake();
      return toTask(created);
    },

    async recordDone(actor, input) {
      const now = clock.now();
      const records: TaskItemRecord[] = input.outcomes.map((o, index) => ({
        item_index: index,
        status: o.status,
        path: o.path,
        error: o.error ?? null,
      }));
      const { counts, results, failedItems } = summarizeRecords(records);
      const status = finishedStatus(counts);
      const record = {
        ...newRecord(actor, input, now),
        status,
        progress: 100,
        success_count: counts.success,
        skipped_count: counts.skipped,
        failed_count: counts.failed,
        bytes_done: input.bytesTotal ?? 0,
        next_item: records.length,
        results: JSON.stringify(results),
        failed_items: JSON.stringify(failedItems),
        error: allFailedError(status, counts),
        started_at: now,
        completed_at: now,
      };
      // The work is done: a connection reset must not turn its answer into a failure.
      return toTask(await retryDb(() => tasks.insertFinished(record, records)));
    },

    async list(actor, query) {
      const page = query.page ?? 1;
      const limit = query.limit ?? 50;
      const { rows, total } = await tasks.page(ownerFilter(actor), query, {
        limit,
        offset: (page - 1) * limit,
      });
      return { items: rows.map((r) => toTask(r)), total, page, limit };
    },

    async get(actor, id) {
      return detail(await row(actor, id));
    },

    async cancel(actor, id) {
      const found = await row(actor, id);
      if (isTaskFinished(found.status)) throw conflict(`task already ${found.status}`);
      return toTask(await tasks.cancel(id, clock.now()));
    },

    async retry(actor, id) {
      const found = await row(actor, id);
      if (!isTaskFinished(found.status)) throw conflict('task is still running');
      const failed: number[] = JSON.parse(found.failed_items);
      if (failed.length === 0) throw conflict('task has no failed items to retry');
      const payload = parsePayload(found);
      const items = failed.sort((a, b) => a - b).map((i) => payload.items[i]);
      const now = clock.now();
      const changed = await tasks.restart(id, found.status, {
        status: 'pending',
        payload: JSON.stringify({ ...payload, items }),
        total_count: items.length,
        success_count: 0,
        skipped_count: 0,
        failed_count: 0,
        bytes_done: 0,
        progress: 0,
        next_item: 0,
        results: '[]',
        failed_items: '[]',
        cancel_requested: false,
        error: null,
        current_file: null,
        completed_at: null,
        updated_at: now,
      });
      if (!changed) throw conflict('task changed while retrying; try again');
      deps.wake();
      return detail(await tasks.byId(id));
    },

    async remove(actor, id) {
      const found = await row(actor, id);
      if (!isTaskFinished(found.status)) throw conflict(`task is ${found.status}; cancel it before deleting`);
      await tasks.removeFinished(id);
    },

    async clear(actor) {
      return { cleared: await tasks.clearFinished(ownerFilter(actor)) };
    },
  };
}
