/** The task API over an Actor: a key sees only its own tasks, the admin sees all (permissions.ts decides). */
import { randomUUID } from 'node:crypto';
import {
  type ClearTasksResult,
  FINISHED_TASK_STATUSES,
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
  const { knex, clock } = deps;

  const scoped = (actor: Actor) => {
    const owners = ownerFilter(actor);
    const q = knex('tasks');
    return owners === null ? q : q.whereIn('owner', owners);
  };

  async function row(actor: Actor, id: string): Promise<TaskRow> {
    const found = (await scoped(actor).where('id', id).first()) as TaskRow | undefined;
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
        status: 'pending',
        owner: creatorId(actor),
        progress: 0,
        total_count: input.payload.items.length,
        bytes_total: input.bytesTotal ?? 0,
        created_at: now,
        updated_at: now,
        payload: JSON.stringify(input.payload),
      };
      await knex('tasks').insert(record);
      deps.wake();
      return toTask((await knex('tasks').where('id', record.id).first()) as TaskRow);
    },

    async list(actor, query) {
      const page = query.page ?? 1;
      const limit = query.limit ?? 50;
      const filtered = () => {
        const q = scoped(actor);
        if (query.type) q.where('type', query.type);
        if (query.status) q.where('status', query.status);
        return q;
      };
      const [{ n }] = await filtered().count({ n: '*' });
      const rows = (await filtered()
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(limit)
        .offset((page - 1) * limit)) as TaskRow[];
      return { items: rows.map((r) => toTask(r)), total: Number(n), page, limit };
    },

    async get(actor, id) {
      return toTask(await row(actor, id), true);
    },

    async cancel(actor, id) {
      const found = await row(actor, id);
      if (isTaskFinished(found.status)) throw conflict(`task already ${found.status}`);
      const now = clock.now();
      // A pending task is cancelled on the spot; a running one is asked to stop between items.
      const took = await knex('tasks')
        .where({ id, status: 'pending' })
        .update({ status: 'cancelled', cancel_requested: true, completed_at: now, updated_at: now });
      if (took === 0)
        await knex('tasks')
          .where({ id })
          .whereIn('status', ['running'])
          .update({ cancel_requested: true, updated_at: now });
      return toTask((await knex('tasks').where('id', id).first()) as TaskRow);
    },

    async retry(actor, id) {
      const found = await row(actor, id);
      if (!isTaskFinished(found.status)) throw conflict('task is still running');
      const failed: number[] = JSON.parse(found.failed_items);
      if (failed.length === 0) throw conflict('task has no failed items to retry');
      const payload = parsePayload(found);
      const items = failed.sort((a, b) => a - b).map((i) => payload.items[i]);
      const now = clock.now();
      const changed = await knex('tasks')
        .where({ id, status: found.status })
        .update({
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
      if (changed === 0) throw conflict('task changed while retrying; try again');
      deps.wake();
      return toTask((await knex('tasks').where('id', id).first()) as TaskRow, true);
    },

    async remove(actor, id) {
      const found = await row(actor, id);
      if (!isTaskFinished(found.status)) throw conflict(`task is ${found.status}; cancel it before deleting`);
      await knex('tasks')
        .where('id', id)
        .whereIn('status', [...FINISHED_TASK_STATUSES])
        .delete();
    },

    async clear(actor) {
      const cleared = await scoped(actor)
        .whereIn('status', [...FINISHED_TASK_STATUSES])
        .delete();
      return { cleared: Number(cleared) };
    },
  };
}
