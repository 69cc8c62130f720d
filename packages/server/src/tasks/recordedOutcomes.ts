/** What a task's item records add up to: its counts, kept results, failed items and final status. */
import type { TaskItemResult, TaskStatus } from '@clip/sdk';
import { MAX_KEPT_RESULTS } from './taskRow.ts';
import type { TaskItemRecord } from './taskStore.ts';

export interface OutcomeCounts {
  success: number;
  skipped: number;
  failed: number;
}

export function summarizeRecords(recorded: readonly TaskItemRecord[]) {
  const counts: OutcomeCounts = { success: 0, skipped: 0, failed: 0 };
  const results: TaskItemResult[] = [];
  const failedItems: number[] = [];
  for (const r of recorded) {
    counts[r.status]++;
    if (r.status === 'failed') failedItems.push(r.item_index);
    if (results.length < MAX_KEPT_RESULTS) results.push(itemResult(r));
  }
  return { counts, results, failedItems };
}

export function itemResult(r: TaskItemRecord): TaskItemResult {
  const result: TaskItemResult = { index: r.item_index, path: r.path, status: r.status };
  if (r.error) result.error = r.error;
  return result;
}

/** How a task that ran to its end (or was cancelled) ended, by its counts. */
export function finishedStatus(counts: OutcomeCounts, cancelled = false): TaskStatus {
  if (cancelled) return 'cancelled';
  if (counts.failed === 0) return 'completed';
  return counts.success + counts.skipped > 0 ? 'partial' : 'failed';
}

/** The task's error when every item failed. */
export const allFailedError = (status: TaskStatus, counts: OutcomeCounts): string | null =>
  status === 'failed' ? `all ${counts.failed} items failed` : null;
