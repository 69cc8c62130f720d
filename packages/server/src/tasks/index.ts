/** Background tasks: the runner each process starts, the task API's service, and the handler contract. */
export { type Clock, manualClock, systemClock } from './clock.ts';
export type { ItemContext, ItemOutcome, TaskHandler } from './handler.ts';
export { TaskStopped } from './handler.ts';
export { createTaskRunner, type TaskRunner } from './runner.ts';
export { createTaskService, type TaskService } from './taskService.ts';
export { isTransient, withRetry } from './transient.ts';
