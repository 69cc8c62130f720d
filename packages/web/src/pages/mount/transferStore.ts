/**
 * The browser's own transfers (uploads and client-side copies started here), shown in the task
 * manager beside the server's tasks. Kept in localStorage so the list survives a reload; a transfer
 * that was running when the page went away comes back as interrupted.
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
const KEEP = 100;
const controllers = new Map<string, AbortController>();
/** Once the page is going away, aborted requests are not failures: the list keeps them as running. */
let leaving = false;
if (typeof window !== 'undefined')
  window.addEventListener('pagehide', () => {
    leaving = true;
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

export const transfers = signal<Transfer[]>(typeof localStorage === 'undefined' ? [] : restore());

let lastSave = 0;
export function saveTransfers() {
  lastSave = Date.now();
  try {
    localStorage.setItem(KEY, JSON.stringify(transfers.value.slice(-KEEP)));
  } catch {
    // A full or blocked storage only loses the history.
  }
}
/** Saves at most once a second (progress events come many times a second). */
export function saveTransfersSoon() {
  if (Date.now() - lastSave >= SAVE_EVERY_MS) saveTransfers();
}

export function patchTransfer(id: string, change: Partial<Transfer>) {
  transfers.value = transfers.value.map((t) => (t.id === id ? { ...t, ...change } : t));
}

let counter = 0;
/** Adds transfers (pending, each with its own cancel) and answers their ids. */
export function addTransfers(list: Omit<Transfer, 'id' | 'status' | 'startedAt'>[]): string[] {
  const added = list.map((t) => {
    const id = `${Date.now().toString(36)}-${++counter}`;
    controllers.set(id, new AbortController());
    return { ...t, id, status: 'pending' as const, startedAt: Date.now() };
  });
  transfers.value = [...transfers.value, ...added];
  saveTransfers();
  return added.map((t) => t.id);
}

/** The signal a transfer's work listens to; undefined once it ended. */
export const transferSignal = (id: string) => controllers.get(id)?.signal;

/** The transfer's work ended: it can no longer be cancelled. */
export function endTransfer(id: string) {
  controllers.delete(id);
  saveTransfers();
}

export function cancelTransfer(id: string) {
  const controller = controllers.get(id);
  if (controller) controller.abort();
  else patchTransfer(id, { status: 'cancelled' });
  saveTransfers();
}

export function removeTransfer(id: string) {
  transfers.value = transfers.value.filter((t) => t.id !== id);
  saveTransfers();
}

export function clearFinishedTransfers() {
  transfers.value = transfers.value.filter((t) => t.status === 'running' || t.status === 'pending');
  saveTransfers();
}
