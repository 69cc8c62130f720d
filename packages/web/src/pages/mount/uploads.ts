/** Uploads started in the explorer: one file after another, each a transfer with progress and cancel. */
import type { ClipClient } from '@clip/sdk';
import {
  addTransfers,
  endTransfer,
  pageIsLeaving,
  patchTransfer,
  saveTransfers,
  saveTransfersSoon,
  transferSignal,
} from './transferStore.ts';

/** Resolves when every file ended (completed, failed or cancelled); `onEach` after each completed one. */
export async function uploadFiles(
  client: ClipClient,
  entries: { folder: string; file: File }[],
  onEach?: () => void,
): Promise<void> {
  const ids = addTransfers(
    entries.map(({ folder, file }) => ({
      kind: 'upload',
      name: file.name,
      folder,
      size: file.size,
      loaded: 0,
      speed: 0,
    })),
  );
  for (const [i, { folder, file }] of entries.entries()) {
    const id = ids[i];
    const signal = transferSignal(id);
    if (!signal || signal.aborted) {
      patchTransfer(id, { status: 'cancelled' });
      endTransfer(id);
      continue;
    }
    patchTransfer(id, { status: 'running', startedAt: Date.now() });
    saveTransfers();
    try {
      // Resumable: a multipart upload of the same file to the same folder after a reload continues
      // from the parts the server already has. A cancel is the user's choice: the session goes too.
      await client.fs.upload(folder, file, {
        createParents: true,
        abortOnCancel: true,
        signal,
        onProgress: (p) => {
          patchTransfer(id, { loaded: p.loaded, speed: p.speed });
          saveTransfersSoon();
        },
      });
      patchTransfer(id, { status: 'completed', loaded: file.size, speed: 0 });
      onEach?.();
    } catch (err) {
      if (pageIsLeaving()) return;
      const cancelled = signal.aborted;
      patchTransfer(id, {
        status: cancelled ? 'cancelled' : 'failed',
        speed: 0,
        error: cancelled ? undefined : (err as Error).message,
      });
    } finally {
      endTransfer(id);
    }
  }
}
