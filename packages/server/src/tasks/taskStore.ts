/**
 * The only writer of `tasks` (ADR 0045): creating, listing and changing tasks for the task API, and the
 * runner's claim, lease renewals and progress writes.
 * Claiming gives a task to exactly one runner, however many processes share the database: Postgres
 * locks the candidate row with FOR UPDATE SKIP LOCKED inside a transaction; SQLite (one writer at a
 * time) takes it with an update that only matches while the task is still claimable.
 */
import { FINISHED_TASK_STATUSES, type TaskStatus } from '@clip/sdk/contract';
import type { Knex } from 'knex';
import type { Dialect } from '../db/connect.ts';
import { loadModels } from '../db/models/loadModels.ts';
import type { TaskRow } from './taskRow.ts';

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

/** Task owners an actor may see (permissions.ownerFilter): null for every owner. */
type Owners = string[] | null;

export function createTaskStore(knex: Knex) {
  const scoped = (owners: Owners) =>
    owners === null ? knex('tasks') : knex('tasks').whereIn('owner', owners);
  const byId = async (id: string) =>
    (await (await loadModels()).TaskModel.query(knex).findById(id)) as TaskRow;
  /** The task while `runnerId` holds its lease. */
  const mine = (id: string, runnerId: string) => knex('tasks').where({ id, lease_owner: runnerId });

  return {
    byId,
    async visible(owners: Owners, id: string): Promise<TaskRow | undefined> {
      return (await scoped(owners).where('id', id).first()) as TaskRow | undefined;
    },
    async insert(record: Partial<TaskRow> & { id: string }): Promise<TaskRow> {
      await (await loadModels()).TaskModel.query(knex).insert(record);
      return byId(record.id);
    },
    async page(
      owners: Owners,
      filter: { type?: string; status?: string },
      page: { limit: number; offset: number },
    ): Promise<{ rows: TaskRow[]; total: number }> {
      const filtered = () => {
        const q = scoped(owners);
        if (filter.type) q.where('type', filter.type);
        if (filter.status) q.where('status', filter.status);
        return q;
      };
      const [{ n }] = await filtered().count({ n: '*' });
      const rows = (await filtered()
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(page.limit)
        .offset(page.offset)) as TaskRow[];
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
    /** Changes a task still in `status`; false when it moved on meanwhile. */
    async updateIfStatus(id: string, status: TaskStatus, fields: Record<string, unknown>): Promise<boolean> {
      return (await knex('tasks').where({ id, status }).update(fields)) > 0;
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
    /** Writes a task `runnerId` holds; with `whileRunning`, only while it is still running. */
    async updateMine(
      id: string,
      runnerId: string,
      fields: Record<string, unknown>,
      whileRunning = false,
    ): Promise<number> {
      const q = mine(id, runnerId);
      if (whileRunning) q.whereIn('status', ['running']);
      return q.update(fields);
    },
    async cancelRequested(id: string): Promise<boolean> {
      const state = await (await loadModels()).TaskModel.query(knex).findById(id).select('cancel_requested');
      return Boolean(state?.cancel_requested);
    },
  };
}

export type TaskStore = ReturnType<typeof createTaskStore>;
