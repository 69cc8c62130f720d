/**
 * The browser's own transfers (uploads started here), shown in the task manager beside the server's
 * tasks. Kept in localStorage so the list survives a reload; a transfer that was running when the
 * page went away comes back as interrupted.
 */
import type { ClipClient } from '@clip/sdk';
import { signal } from '@preact/signals-react';

export type TransferStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled' | 'interrupted';
export interface Transfer {
  id: string;
  kind: 'upload';
  name: string;
  folder: string;
  size: number;
  loaded: number;
  /** Bytes per second over the last moments. */
  speed: number;
  status: TransferStatus;
  error?: string;
  startedAt: number;
}

const KEY = 'clip-explorer-transfers';
const SAVE_EVERY_MS = 1000;
const controllers = new Map<string, AbortController>();
/** Once the page is going away, aborted requests are not failures: the list keeps them as running. */
let leaving = false;
if (typeof window !== 'undefined')
  window.addEventListener('pagehide', () => {
    leaving = true;
  });

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
function save() {
  lastSave = Date.now();
  try {
    localStorage.setItem(KEY, JSON.stringify(transfers.value.slice(-100)));
  } catch {
    // A full or blocked storage only loses the history.
  }
}

function patch(id: string, change: Partial<Transfer>) {
  transfers.value = transfers.value.map((t) => (t.id === id ? { ...t, ...change } : t));
}

let counter = 0;

/** Uploads files one after another (each with its own progress and cancel); resolves when all ended. */
export async function uploadFiles(
  client: ClipClient,
  entries: { folder: string; file: File }[],
  onEach?: () => void,
): Promise<void> {
  const queued = entries.map(({ folder, file }) => {
    const id = `${Date.now().toString(36)}-${++counter}`;
    const transfer: Transfer = {
      id,
      kind: 'upload',
      name: file.name,
      folder,
      size: file.size,
      loaded: 0,
      speed: 0,
      status: 'pending',
      startedAt: Date.now(),
    };
    controllers.set(id, new AbortController());
    return { transfer, file };
  });
  transfers.value = [...transfers.value, ...queued.map((q) => q.transfer)];
  save();
  for (const { transfer, file } of queued) {
    const controller = controllers.get(transfer.id);
    if (!controller || controller.signal.aborted) continue;
    patch(transfer.id, { status: 'running', startedAt: Date.now() });
    save();
    try {
      // Resumable: a multipart upload of the same file to the same folder (after a reload or a
      // cancel) continues from the parts the server already has.
      await client.fs.upload(transfer.folder, file, {
        createParents: true,
        signal: controller.signal,
        onProgress: (p) => {
          patch(transfer.id, { loaded: p.loaded, speed: p.speed });
          if (Date.now() - lastSave >= SAVE_EVERY_MS) save();
        },
      });
      patch(transfer.id, { status: 'completed', loaded: file.size, speed: 0 });
      onEach?.();
    } catch (err) {
      if (leaving) return;
      const cancelled = controller.signal.aborted;
      patch(transfer.id, {
        status: cancelled ? 'cancelled' : 'failed',
        speed: 0,
        error: cancelled ? undefined : (err as Error).message,
      });
    } finally {
      controllers.delete(transfer.id);
      save();
    }
  }
}

export function cancelTransfer(id: string) {
  const controller = controllers.get(id);
  if (controller) controller.abort();
  else patch(id, { status: 'cancelled' });
  save();
}

export function clearFinishedTransfers() {
  transfers.value = transfers.value.filter((t) => t.status === 'running' || t.status === 'pending');
  save();
}
