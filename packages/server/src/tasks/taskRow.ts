/** The `tasks` row and its wire shape. */
import type { Task, TaskItemResult, TaskStatus, TaskType } from '@clip/sdk';
import { iso, isoOrNull } from '../services/time.ts';

/** The first results kept on a task; the counts cover every item. */
export const MAX_KEPT_RESULTS = 1000;

export interface TaskRow {
  id: string;
  type: TaskType;
  status: TaskStatus;
  owner: string;
  progress: number;
  current_file: string | null;
  total_count: number;
  success_count: number;
  skipped_count: number;
  failed_count: number;
  bytes_done: number;
  bytes_total: number;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  completed_at: number | null;
  error: string | null;
  payload: string;
  results: string;
  failed_items: string;
  next_item: number;
  cancel_requested: boolean | number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  attempts: number;
  source: string | null;
  target: string | null;
}

/** What a list of tasks reads: every column but the payload and the kept results, which can be large. */
export const LISTED_COLUMNS = [
  'id',
  'type',
  'status',
  'owner',
  'progress',
  'current_file',
  'total_count',
  'success_count',
  'skipped_count',
  'failed_count',
  'bytes_done',
  'bytes_total',
  'created_at',
  'updated_at',
  'completed_at',
  'error',
  'cancel_requested',
  'source',
  'target',
] as const satisfies readonly (keyof TaskRow)[];

export type ListedTaskRow = Pick<TaskRow, (typeof LISTED_COLUMNS)[number]>;

/** What every task's payload holds: the items, done in order, plus the type's own options. */
export interface TaskPayload<Item = unknown> {
  items: Item[];
  [option: string]: unknown;
}

export const parsePayload = <Item>(row: Pick<TaskRow, 'payload'>): TaskPayload<Item> =>
  JSON.parse(row.payload) as TaskPayload<Item>;

export function toTask(row: ListedTaskRow): Task {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    progress: Number(row.progress),
    current_file: row.current_file,
    total: Number(row.total_count),
    success: Number(row.success_count),
    skipped: Number(row.skipped_count),
    failed: Number(row.failed_count),
    bytes_done: Number(row.bytes_done),
    bytes_total: Number(row.bytes_total),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    completed_at: isoOrNull(row.completed_at),
    error: row.error,
    owner: row.owner,
    cancel_requested: Boolean(row.cancel_requested),
    source: row.source ?? null,
    target: row.target ?? null,
  };
}

/** A task with its kept results and its first named skipped and failed items (`GET .../tasks/{id}`). */
export function toTaskDetail(
  row: TaskRow,
  named: { skipped: TaskItemResult[]; failed: TaskItemResult[] },
): Task {
  return {
    ...toTask(row),
    results: JSON.parse(row.results) as TaskItemResult[],
    skipped_items: named.skipped,
    failed_items: named.failed,
  };
}
