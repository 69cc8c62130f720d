/**
 * The only writer of `tasks` and `task_items` (ADR 0045): creating, listing and changing tasks for the
 * task API, and the runner's claim, lease renewals, progress writes and item records (a task's owner is
 * read through the key and admin stores: taskOwner.ts). Claiming gives a task to exactly one runner, however many processes
 * share the database: Postgres locks the candidate row with FOR UPDATE SKIP LOCKED inside a
 * transaction; SQLite (one writer at a time) takes it with an update that only matches while the task
 * is still claimable. Each claim adds one to `attempts`: that number is the claim's fencing token, and
 * every write a runner makes afterwards matches it (ADR 0062), so a runner that lost its lease writes
 * nothing, even when it is the same runner that claimed the task again.
 */
import { FINISHED_TASK_STATUSES, type TaskStatus } from '@clip/sdk/contract';
import type { Knex } from 'knex';
import type { Dialect } from '../db/connect.ts';
import { loadModels } from '../db/models/loadModels.ts';
import { LISTED_COLUMNS, type ListedTaskRow, type TaskRow } from './taskRow.ts';

/** Pending tasks, and running ones whose runner stopped renewing its lease (a dead process). */
function claimable(q: Knex.QueryBuilder, now: number): Knex.QueryBuilder {
  return q.where((w) =>
    w
      .where('status', 'pending')
      .orWhere((r) => r.where('status', 'running').andWhere('lease_expires_at', '<', now)),
  );
}

export async function claimTask(
  knex: Knex,
  dialect: Dialect,
  options: { runnerId: string; now: number; leaseMs: number; types: string[] },
): Promise<TaskRow | null> {
  const { runnerId, now, leaseMs, types } = options;
  const take = (trx: Knex | Knex.Transaction, id: string) =>
    claimable(trx('tasks').where('id', id), now).update({
      status: 'running',
      lease_owner: runnerId,
      lease_expires_at: now + leaseMs,
      started_at: trx.raw('COALESCE(started_at, ?)', [now]),
      updated_at: now,
      attempts: trx.raw('attempts + 1'),
    });

  if (dialect === 'postgres') {
    return knex.transaction(async (trx) => {
      const candidate = await claimable(trx('tasks').select('id'), now)
        .whereIn('type', types)
        .orderBy('created_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .first();
      if (!candidate) return null;
      await take(trx, candidate.id);
      return (await trx('tasks').where('id', candidate.id).first()) as TaskRow;
    });
  }

  const candidates: { id: string }[] = await claimable(knex('tasks').select('id'), now)
    .whereIn('type', types)
    .orderBy('created_at')
    .limit(5);
  for (const { id } of candidates) {
    const changed = await take(knex, id);
    if (changed === 1) return (await knex('tasks').where('id', id).first()) as TaskRow;
  }
  return null;
}

/** A runner's hold on a task: the lease owner and the claim's fencing token (`attempts` at the claim). */
export interface TaskFence {
  id: string;
  runnerId: string;
  token: number;
}

/** An item's outcome as `task_items` keeps it. */
export interface TaskItemRecord {
  item_index: number;
  status: 'success' | 'skipped' | 'failed';
  path: string;
  error: string | null;
}

/** Item records per insert statement (five values each, well under SQLite's bound on variables). */
const ITEM_ROWS_PER_INSERT = 500;

/** Task owners an actor may see (permissions.ownerFilter): null for every owner. */
type Owners = string[] | null;

export function createTaskStore(knex: Knex) {
  const scoped = (owners: Owners) =>
    owners === null ? knex('tasks') : knex('tasks').whereIn('owner', owners);
  const byId = async (id: string) =>
    (await (await loadModels()).TaskModel.query(knex).findById(id)) as TaskRow;
  /** The task while this claim holds it. */
  const held = (fence: TaskFence) =>
    knex('tasks').where({ id: fence.id, lease_owner: fence.runnerId, attempts: fence.token });

  return {
    byId,
    async visible(owners: Owners, id: string): Promise<TaskRow | undefined> {
      return (await scoped(owners).where('id', id).first()) as TaskRow | undefined;
    },
    async insert(record: Partial<TaskRow> & { id: string }): Promise<TaskRow> {
      await knex('tasks').insert(record);
      return byId(record.id);
    },
    /** A task done in the request, written whole with its item records in one transaction. */
    async insertFinished(
      record: Partial<TaskRow> & { id: string },
      items: TaskItemRecord[],
    ): Promise<TaskRow> {
      await knex.transaction(async (trx) => {
        await trx('tasks').insert(record);
        const rows = items.map((item) => ({ task_id: record.id, ...item }));
        for (let i = 0; i < rows.length; i += ITEM_ROWS_PER_INSERT)
          await trx('task_items').insert(rows.slice(i, i + ITEM_ROWS_PER_INSERT));
      });
      return byId(record.id);
    },
    async page(
      owners: Owners,
      filter: { type?: string; status?: string },
      page: { limit: number; offset: number },
    ): Promise<{ rows: ListedTaskRow[]; total: number }> {
      const filtered = () => {
        const q = scoped(owners);
        if (filter.type) q.where('type', filter.type);
        if (filter.status) q.where('status', filter.status);
        return q;
      };
      const [{ n }] = await filtered().count({ n: '*' });
      const rows = (await filtered()
        .select(...LISTED_COLUMNS)
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(page.limit)
        .offset(page.offset)) as ListedTaskRow[];
      return { rows, total: Number(n) };
    },
    /** A pending task is cancelled on the spot; a running one is asked to stop between items. */
    async cancel(id: string, now: number): Promise<TaskRow> {
      const took = await knex('tasks')
        .where({ id, status: 'pending' })
        .update({ status: 'cancelled', cancel_requested: true, completed_at: now, updated_at: now });
      if (took === 0)
        await knex('tasks')
          .where({ id })
          .whereIn('status', ['running'])
          .update({ cancel_requested: true, updated_at: now });
      return byId(id);
    },
    /**
     * Changes a task still in `status` and forgets its item records, for a retry that runs it again from
     * its first item; false when the task moved on meanwhile.
     */
    async restart(id: string, status: TaskStatus, fields: Record<string, unknown>): Promise<boolean> {
      return knex.transaction(async (trx) => {
        const changed = await trx('tasks').where({ id, status }).update(fields);
        if (changed > 0) await trx('task_items').where('task_id', id).delete();
        return changed > 0;
      });
    },
    async removeFinished(id: string): Promise<void> {
      await knex('tasks')
        .where('id', id)
        .whereIn('status', [...FINISHED_TASK_STATUSES])
        .delete();
    },
    async clearFinished(owners: Owners): Promise<number> {
      return Number(
        await scoped(owners)
          .whereIn('status', [...FINISHED_TASK_STATUSES])
          .delete(),
      );
    },
    /** Writes a task this claim holds; with `whileRunning`, only while it is still running. */
    async updateHeld(
      fence: TaskFence,
      fields: Record<string, unknown>,
      whileRunning = false,
    ): Promise<number> {
      const q = held(fence);
      if (whileRunning) q.whereIn('status', ['running']);
      return q.update(fields);
    },
    /** True while this claim still holds the running task with an unexpired lease. */
    async holds(fence: TaskFence, now: number): Promise<boolean> {
      const row = await held(fence)
        .where('status', 'running')
        .andWhere('lease_expires_at', '>', now)
        .first('id');
      return row !== undefined;
    },
    /**
     * Records an item's outcome, only while this claim holds the task: false when it does not (lost
     * lease) or the item was recorded already, and either way the caller must not count it.
     */
    async recordItem(
      fence: TaskFence,
      index: number,
      outcome: Omit<TaskItemRecord, 'item_index'>,
    ): Promise<boolean> {
      const result = await knex.raw(
        `INSERT INTO task_items (task_id, item_index, status, path, error)
         SELECT ?, ?, ?, ?, ? WHERE EXISTS (
           SELECT 1 FROM tasks WHERE id = ? AND lease_owner = ? AND attempts = ? AND status = 'running')
         ON CONFLICT (task_id, item_index) DO NOTHING`,
        [fence.id, index, outcome.status, outcome.path, outcome.error, fence.id, fence.runnerId, fence.token],
      );
      // pg answers a result with rowCount, better-sqlite3 a run info with changes.
      return Number(result.rowCount ?? result.changes ?? 0) === 1;
    },
    /** Every recorded item of a task, by index. */
    async recordedItems(id: string): Promise<TaskItemRecord[]> {
      return knex('task_items')
        .select('item_index', 'status', 'path', 'error')
        .where('task_id', id)
        .orderBy('item_index');
    },
    /** The first `limit` recorded items of a task with this status, by index. */
    async itemsWithStatus(
      id: string,
      status: TaskItemRecord['status'],
      limit: number,
    ): Promise<TaskItemRecord[]> {
      return knex('task_items')
        .select('item_index', 'status', 'path', 'error')
        .where({ task_id: id, status })
        .orderBy('item_index')
        .limit(limit);
    },
    async cancelRequested(id: string): Promise<boolean> {
      const state = await knex('tasks').select('cancel_requested').where('id', id).first();
      return Boolean(state?.cancel_requested);
    },
  };
}

export type TaskStore = ReturnType<typeof createTaskStore>;
