/** Answers of the task routes (`/admin/tasks`, `/user/tasks`). */
import {
  type ClearTasksResult,
  TASK_ITEMS_NAMED,
  TASK_STATUSES,
  TASK_TYPES,
  type Task,
  type TaskItemResult,
} from '../tasks.ts';
import { bool, count, listOf, nullableStr, num, shapeOf, str } from './shape.ts';

export const taskItemResultSchema = shapeOf<TaskItemResult>()(
  {
    index: count,
    path: str,
    status: { type: 'string', enum: ['success', 'skipped', 'failed'] },
    error: str,
  },
  ['index', 'path', 'status'],
);

export const taskSchema = shapeOf<Task>()(
  {
    id: str,
    type: { type: 'string', enum: [...TASK_TYPES] },
    status: { type: 'string', enum: [...TASK_STATUSES] },
    progress: { type: 'number', minimum: 0, maximum: 100 },
    current_file: nullableStr,
    total: count,
    success: count,
    skipped: count,
    failed: count,
    bytes_done: num,
    bytes_total: num,
    created_at: str,
    updated_at: str,
    completed_at: nullableStr,
    error: nullableStr,
    owner: str,
    cancel_requested: bool,
    source: nullableStr,
    target: nullableStr,
    results: { type: 'array', items: taskItemResultSchema },
    skipped_items: { type: 'array', items: taskItemResultSchema, maxItems: TASK_ITEMS_NAMED },
    failed_items: { type: 'array', items: taskItemResultSchema, maxItems: TASK_ITEMS_NAMED },
  },
  [
    'id',
    'type',
    'status',
    'progress',
    'current_file',
    'total',
    'success',
    'skipped',
    'failed',
    'bytes_done',
    'bytes_total',
    'created_at',
    'updated_at',
    'completed_at',
    'error',
    'owner',
    'cancel_requested',
    'source',
    'target',
  ],
);
export const taskListSchema = listOf(taskSchema);

export const clearTasksResultSchema = shapeOf<ClearTasksResult>()({ cleared: count }, ['cleared']);
