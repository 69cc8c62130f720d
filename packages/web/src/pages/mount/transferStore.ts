/**
 * The browser's own transfers (uploads and client-side copies started here), shown in the task
 * manager beside the server's tasks. Kept in localStorage so the list survives a reload; a transfer
 * that was running when the page went away comes back as interrupted.
 *
 * The list the code changes (`currentTransfers()`) is exact at every moment; the one the page shows
 * (`transfers`) follows it at most every PUBLISH_EVERY_MS while transfers run, and localStorage at most
 * every SAVE_EVERY_MS and when the page goes away. A folder of 200 small files made ~1,400 changes in a
 * few seconds, each a render of the whole task list (ADR 0090).
 */
import type { CopyPair } from '@clip/sdk';
import { signal } from '@preact/signals-react';

export type TransferStatus =
  | 'pending'
  | 'running'
  | 'completed'
  | 'partial'
  | 'failed'
  | 'cancelled'
  | 'interrupted';

/** What a client-side copy is doing right now (the SDK's phases of a copy item). */
export type CopyTransferPhase = 'starting' | 'downloading' | 'uploading' | 'committing';

export interface CopyFailure extends CopyPair {
  error: string;
}

export interface Transfer {
  id: string;
  kind: 'upload' | 'copy';
  /** The file (upload) or a summary of the items (copy). */
  name: string;
  /** Where the bytes go. */
  folder: string;
  /** Bytes to move (upload); 0 when unknown (copy). */
  size: number;
  loaded: number;
  /** Bytes per second over the last moments. */
  speed: number;
  status: TransferStatus;
  error?: string;
  startedAt: number;
  /** Copy: the phase and the item it is about. */
  phase?: CopyTransferPhase;
  current?: string;
  /** Copy: files finished (copied, skipped or failed) of the files known. */
  done?: number;
  total?: number;
  copied?: number;
  skipped?: number;
  /** Copy: every item that failed, with the reason (retry runs these again). */
  failures?: CopyFailure[];
}

const KEY = 'clip-explorer-transfers';
const SAVE_EVERY_MS = 1000;
/** The task manager shows running transfers' changes this often (a render of every row each time). */
export const PUBLISH_EVERY_MS = 200;
const KEEP = 100;
const controllers = new Map<string, AbortController>();
/** Once the page is going away, aborted requests are not failures: the list keeps them as running. */
let leaving = false;
if (typeof window !== 'undefined')
  window.addEventListener('pagehide', () => {
    leaving = true;
    saveTransfers();
  });
export const pageIsLeaving = () => leaving;

function restore(): Transfer[] {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '[]') as Transfer[];
    return saved.map((t) =>
      t.status === 'running' || t.status === 'pending' ? { ...t, status: 'interrupted', speed: 0 } : t,
    );
  } catch {
    return [];
  }
}

let current: Transfer[] = typeof localStorage === 'undefined' ? [] : restore();
/** What the task manager shows: `current` as of its last publishing. */
export const transfers = signal<Transfer[]>(current);
/** The list as it is now (what the page shows may be up to PUBLISH_EVERY_MS older). */
export const currentTransfers = (): readonly Transfer[] => current;

let lastPublish = 0;
let publishTimer: ReturnType<typeof setTimeout> | undefined;
function publish() {
  clearTimeout(publishTimer);
  publishTimer = undefined;
  lastPublish = Date.now();
  transfers.value = current;
}
/** Shows the change now when nothing was shown for PUBLISH_EVERY_MS, else with the next publishing. */
function publishSoon() {
  if (publishTimer !== undefined) return;
  const wait = lastPublish + PUBLISH_EVERY_MS - Date.now();
  if (wait <= 0) publish();
  else publishTimer = setTimeout(publish, wait);
}

let lastSave = 0;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
export function saveTransfers() {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  lastSave = Date.now();
  try {
    localStorage.setItem(KEY, JSON.stringify(current.slice(-KEEP)));
  } catch {
    // A full or blocked storage only loses the history.
  }
}
/** Saves now when nothing was saved for a second, else a second after the last save. */
export function saveTransfersSoon() {
  if (saveTimer !== undefined) return;
  const wait = lastSave + SAVE_EVERY_MS - Date.now();
  if (wait <= 0) saveTransfers();
  else saveTimer = setTimeout(saveTransfers, wait);
}

export function patchTransfer(id: string, change: Partial<Transfer>) {
  current = current.map((t) => (t.id === id ? { ...t, ...change } : t));
  publishSoon();
}

let counter = 0;
/** Adds transfers (pending, each with its own cancel) and answers their ids. */
export function addTransfers(list: Omit<Transfer, 'id' | 'status' | 'startedAt'>[]): string[] {
  const added = list.map((t) => {
    const id = `${Date.now().toString(36)}-${++counter}`;
    controllers.set(id, new AbortController());
    return { ...t, id, status: 'pending' as const, startedAt: Date.now() };
  });
  current = [...current, ...added];
  publish();
  saveTransfers();
  return added.map((t) => t.id);
}

/** The signal a transfer's work listens to; undefined once it ended. */
export const transferSignal = (id: string) => controllers.get(id)?.signal;

/** The transfer's work ended: it can no longer be cancelled. The last one to end shows at once. */
export function endTransfer(id: string) {
  controllers.delete(id);
  if (controllers.size === 0) {
    publish();
    saveTransfers();
  } else saveTransfersSoon();
}

export function cancelTransfer(id: string) {
  const controller = controllers.get(id);
  if (controller) controller.abort();
  else {
    patchTransfer(id, { status: 'cancelled' });
    publish();
  }
  saveTransfers();
}

export function removeTransfer(id: string) {
  current = current.filter((t) => t.id !== id);
  publish();
  saveTransfers();
}

export function clearFinishedTransfers() {
  current = current.filter((t) => t.status === 'running' || t.status === 'pending');
  publish();
  saveTransfers();
}
