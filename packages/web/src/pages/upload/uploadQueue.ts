/**
 * The upload page's file list (spec section 4's upload statuses): pending, uploading with a percent,
 * success or error. Pure functions over an immutable list, so the page only renders it.
 */
import type { FileShareCreated, UploadStage } from '@clip/sdk';

export type UploadStatus = 'pending' | 'uploading' | 'success' | 'error';

export interface QueueItem {
  id: string;
  file: File;
  status: UploadStatus;
  percent: number;
  stage: UploadStage | null;
  /** Set for status `error`: a problem code the page translates, or a message from the server. */
  problem: { code: 'too-large' | 'empty' | 'failed' | 'cancelled'; message?: string } | null;
  result: FileShareCreated | null;
}

let counter = 0;
const nextId = () => `upload-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** Adds files; those over the limit (bytes; null = unknown) or empty are marked as errors at once. */
export function addFiles(queue: QueueItem[], files: File[], maxBytes: number | null): QueueItem[] {
  const added = files.map((file): QueueItem => {
    const problem =
      maxBytes !== null && file.size > maxBytes
        ? ({ code: 'too-large' } as const)
        : file.size === 0
          ? ({ code: 'empty' } as const)
          : null;
    return {
      id: nextId(),
      file,
      status: problem ? 'error' : 'pending',
      percent: 0,
      stage: null,
      problem,
      result: null,
    };
  });
  return [...queue, ...added];
}

/**
 * Judges the files not yet sent against the limit (bytes; null = unknown): the limit may arrive from the
 * server after files were chosen, or change, so a waiting file over it becomes too large and one refused
 * under an earlier, smaller limit waits again. Answers the same list when nothing changes.
 */
export function applyLimit(queue: QueueItem[], maxBytes: number | null): QueueItem[] {
  if (maxBytes === null) return queue;
  const judged = (item: QueueItem): QueueItem => {
    if (item.status === 'pending' && item.file.size > maxBytes)
      return { ...item, status: 'error', problem: { code: 'too-large' } };
    if (item.problem?.code === 'too-large' && item.file.size <= maxBytes)
      return { ...item, status: 'pending', problem: null };
    return item;
  };
  const next = queue.map(judged);
  return next.some((item, i) => item !== queue[i]) ? next : queue;
}

export function updateItem(queue: QueueItem[], id: string, patch: Partial<QueueItem>): QueueItem[] {
  return queue.map((item) => (item.id === id ? { ...item, ...patch } : item));
}

export function removeItem(queue: QueueItem[], id: string): QueueItem[] {
  return queue.filter((item) => item.id !== id || item.status === 'uploading');
}

export const pendingItems = (queue: QueueItem[]) => queue.filter((item) => item.status === 'pending');

/** Finished items leave the list; pending and running ones stay. */
export function clearFinished(queue: QueueItem[]): QueueItem[] {
  return queue.filter((item) => item.status === 'pending' || item.status === 'uploading');
}

/** Bytes from the server's limit in MB (spec section 9: fallback 100). */
export function maxUploadBytes(megabytes: number | null | undefined): number | null {
  if (megabytes === null || megabytes === undefined || !Number.isFinite(megabytes) || megabytes <= 0)
    return null;
  return Math.floor(megabytes * 1024 * 1024);
}
