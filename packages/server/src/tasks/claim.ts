/**
 * Claiming a task so that exactly one runner gets it, however many processes share the database:
 * Postgres locks the candidate row with FOR UPDATE SKIP LOCKED inside a transaction; SQLite (one
 * writer at a time) takes it with an update that only matches while the task is still claimable.
 */
import type { Knex } from 'knex';
import type { Dialect } from '../db/connect.ts';
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
