/** The task API over an Actor: a key sees only its own tasks, the admin sees all (permissions.ts decides). */
import { randomUUID } from 'node:crypto';
import {
  type ClearTasksResult,
  isTaskFinished,
  type ListResult,
  type Task,
  type TaskListQuery,
  type TaskType,
} from '@clip/sdk/contract';
import type { Knex } from 'knex';
import { conflict, notFound } from '../http/appError.ts';
import { type Actor, creatorId } from '../services/actor.ts';
import { ownerFilter } from '../services/permissions.ts';
import type { Clock } from './clock.ts';
import { parsePayload, type TaskPayload, type TaskRow, toTask } from './taskRow.ts';
import { createTaskStore } from './taskStore.ts';

export interface CreateTaskInput<Item> {
  type: TaskType;
  payload: TaskPayload<Item>;
  bytesTotal?: number;
}

export interface TaskService {
  create<Item>(actor: Actor, input: CreateTaskInput<Item>): Promise<Task>;
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

  return {
    async create(actor, input) {
      const now = clock.now();
      const record = {
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
      };
      const created = await tasks.insert(record);
      deps.wake();
      return toTask(created);
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
      return toTask(await row(actor, id), true);
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
      return toTask(await tasks.byId(id), true);
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
