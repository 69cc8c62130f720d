import type { JSONSchemaType } from 'ajv';

export const TASK_TYPES = ['copy', 'upload', 'delete', 'download'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
/** `partial`: finished with some items failed and some done. */
export const TASK_STATUSES = ['pending', 'running', 'completed', 'partial', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const FINISHED_TASK_STATUSES: readonly TaskStatus[] = ['completed', 'partial', 'failed', 'cancelled'];

export const isTaskFinished = (status: TaskStatus): boolean => FINISHED_TASK_STATUSES.includes(status);

/** One item's outcome; the first 1,000 are kept on the task (the counts cover the rest). */
export interface TaskItemResult {
  index: number;
  /** The item's path (the target for copies). */
  path: string;
  status: 'success' | 'skipped' | 'failed';
  /** Why the item failed, or why it was skipped. */
  error?: string;
}

/** How many skipped and how many failed items a task's detail names (`skipped` and `failed` count them all). */
export const TASK_ITEMS_NAMED = 100;

export interface Task {
  id: string;
  type: TaskType;
  status: TaskStatus;
  /** 0..100 */
  progress: number;
  current_file: string | null;
  total: number;
  success: number;
  skipped: number;
  failed: number;
  bytes_done: number;
  bytes_total: number;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  error: string | null;
  /** `apikey:<id>` or the admin's id. */
  owner: string;
  cancel_requested: boolean;
  /**
   * What the task read: the one path it copied, deleted or packed, or the folder holding several
   * (null for a URL fetch and for tasks made before this was kept).
   */
  source: string | null;
  /** What it wrote: a copy's target path (or folder of several targets), an archive, a fetch's folder. */
  target: string | null;
  /** Present on `GET .../tasks/{id}` only. */
  results?: TaskItemResult[];
  /** `GET .../tasks/{id}` only: the first 100 skipped items, with why (`skipped` counts them all). */
  skipped_items?: TaskItemResult[];
  /** `GET .../tasks/{id}` only: the first 100 failed items, with why (`failed` counts them all). */
  failed_items?: TaskItemResult[];
}

export interface TaskListQuery {
  type?: TaskType;
  status?: TaskStatus;
  page?: number;
  limit?: number;
}
export const taskListQuerySchema: JSONSchemaType<TaskListQuery> = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: [...TASK_TYPES], nullable: true },
    status: { type: 'string', enum: [...TASK_STATUSES], nullable: true },
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, nullable: true },
    limit: { type: 'integer', minimum: 1, maximum: 200, nullable: true },
  },
  additionalProperties: false,
};

export interface ClearTasksResult {
  cleared: number;
}
