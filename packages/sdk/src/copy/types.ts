/** What `fs.copy` takes and reports. */
import type { FetchLike } from '../client.ts';
import type { BatchCopyFailure, Task } from '../contract/index.ts';

/**
 * `downloading`/`uploading`: the client-side copy moving one item's bytes (spec: batch copy tracks
 * downloading then uploading); `committing`: the server verifying a page; `task`: a server task's progress.
 */
export type CopyPhase = 'starting' | 'downloading' | 'uploading' | 'committing' | 'task' | 'completed';

export interface CopyProgress {
  phase: CopyPhase;
  /** The item the event is about (client-side copy). */
  item?: string;
  /** Files finished (copied, skipped or failed) and known so far. */
  done: number;
  total: number;
  /** Bytes moved by the client so far (client-side copy). */
  bytes: number;
  /** The server task, when the copy runs as one. */
  task?: Task;
}

export interface CopyOptions {
  /** Per file: leave an existing target alone (default true). */
  skipExisting?: boolean;
  /** Ask for the spec's client-side copy (the server signs, this client moves the bytes). */
  clientSide?: boolean;
  /** Items moved at once in a client-side copy (default 3). */
  concurrency?: number;
  /** Retries of an item or part that failed for a reason a retry may fix (default 3). */
  retries?: number;
  retryDelayMs?: number;
  /** Time limit of one GET+PUT of an item or part (default 300 s). */
  partTimeoutMs?: number;
  /** When the copy became a server task, wait for it to end (default true). */
  wait?: boolean;
  /** Cancels: the client-side copy stops between parts; a waited-for task is cancelled on the server. */
  signal?: AbortSignal;
  onProgress?: (progress: CopyProgress) => void;
  /** The fetch used for storage GETs and PUTs (default: global fetch). */
  fetch?: FetchLike;
}

export interface CopyReport {
  /** Where the copy ran: in the request, as a server task, or from this client. */
  mode: 'inline' | 'task' | 'client';
  copied: number;
  skipped: number;
  /** Every item that failed, with the reason; never dropped. */
  failed: BatchCopyFailure[];
  /** The task (mode `task`): its last state. */
  task?: Task;
}
