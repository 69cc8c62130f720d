/**
 * What a failed item's result says. Results are read by the task's owner, so they carry what an HTTP
 * answer would: an AppError's message, which names the problem; the detail underneath (errno text,
 * server paths, SQL, stacks) goes to the log with the task id, never into the result.
 */
import type { Logger } from 'pino';
import { AppError } from '../http/appError.ts';
import type { Actor } from '../services/actor.ts';
import { ownerLabel } from './taskOwner.ts';

export interface FailureContext {
  taskId: string;
  /** What the item is shown as. */
  item: string;
  /** Who the item ran as (null when it failed before its owner was read). */
  actor: Actor | null;
  logger: Pick<Logger, 'error'>;
}

export function itemFailureText(err: unknown, context: FailureContext): string {
  const { taskId, item, actor, logger } = context;
  if (!(err instanceof AppError)) {
    logger.error({ err, task: taskId, item }, 'task item failed unexpectedly');
    return `unexpected failure (the server log has the detail, task ${taskId})`;
  }
  if (err.detail !== undefined)
    logger.error(
      { err: err.detail, task: taskId, item, message: err.message },
      'task item: upstream failure',
    );
  // A key narrowed while its task runs: the fs service refuses, and the result names the key.
  const label = actor && (err.status === 401 || err.status === 403) ? ownerLabel(actor) : null;
  return label ? `${label}: ${err.message}` : err.message;
}
