/**
 * Uploads started in the explorer, each a transfer with progress and cancel. Several requests go at once
 * (one at a time left the connection idle between them); small files go many to a request
 * (`batchUpload.ts`, ADR 0093: a request costs the browser ~30 ms of CPU, a small file's bytes far
 * less), and a large file's resumable parts go six at a time, as the CLI sends them, in 16 MiB parts
 * rather than the server's default 5 MiB (bench/results/browser-upload.md, ADR 0087).
 */
import type { ClipClient } from '@clip/sdk';
import { uploadBatch } from './batchUpload.ts';
import {
  addTransfers,
  endTransfer,
  pageIsLeaving,
  patchTransfer,
  saveTransfersSoon,
  transferSignal,
} from './transferStore.ts';
import { planUploads } from './uploadPlan.ts';

/** Requests of files (a large file, or a batch of small ones: uploadPlan.ts) uploading at once. */
export const FILES_IN_FLIGHT = 4;
/** Parts of one large file in flight at once (the SDK's default is 3). */
export const PARTS_IN_FLIGHT = 6;
/**
 * The part size asked for (the server's default is 5 MiB). Chromium sending 1 GiB to a bare sink six
 * parts at once spent 3.5 s of its CPU in 16 MiB parts against 4.2 s in 5 MiB ones (browser process and
 * network service), and the server takes 64 requests instead of 205; the wall times were within the
 * load's noise of each other (ADR 0087). 64 MiB would make progress and a retried part coarser.
 */
export const PART_BYTES = 16 * 1024 * 1024;
/** The folder on screen is read again at most this often while files complete (and once at the end). */
const REFRESH_EVERY_MS = 1000;

type Entry = { folder: string; file: File };

/** Resolves when every file ended (completed, failed or cancelled); `onEach` after completed ones, at most once a second. */
export async function uploadFiles(client: ClipClient, entries: Entry[], onEach?: () => void): Promise<void> {
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
  let refreshed = 0;
  const completed = () => {
    if (!onEach || Date.now() - refreshed < REFRESH_EVERY_MS) return;
    refreshed = Date.now();
    onEach();
  };
  const members = entries.map((entry, i) => ({ ...entry, id: ids[i] }));
  const jobs = planUploads(
    entries.map((e) => e.file.size),
    FILES_IN_FLIGHT,
  );
  const single = (m: (typeof members)[number]) => uploadOne(client, m.id, m, completed);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length && !pageIsLeaving()) {
      const job = jobs[next++];
      if (job.kind === 'single') await single(members[job.index]);
      else
        await uploadBatch(
          client,
          job.indexes.map((i) => members[i]),
          single,
          completed,
        );
    }
  };
  await Promise.all(Array.from({ length: Math.min(FILES_IN_FLIGHT, jobs.length) }, worker));
}

async function uploadOne(client: ClipClient, id: string, { folder, file }: Entry, completed: () => void) {
  const signal = transferSignal(id);
  if (!signal || signal.aborted) {
    patchTransfer(id, { status: 'cancelled' });
    endTransfer(id);
    return;
  }
  patchTransfer(id, { status: 'running', startedAt: Date.now() });
  // Kept within a second: after a reload a file started meanwhile shows as pending-turned-interrupted too.
  saveTransfersSoon();
  let shown = { loaded: 0, speed: 0 };
  try {
    // Resumable: a multipart upload of the same file to the same folder after a reload continues
    // from the parts the server already has. A cancel is the user's choice: the session goes too.
    await client.fs.upload(folder, file, {
      createParents: true,
      abortOnCancel: true,
      concurrency: PARTS_IN_FLIGHT,
      partSize: PART_BYTES,
      signal,
      // The SDK reports each stage too (starting, uploading, processing, completed): only a change
      // of bytes or speed is news to the task manager.
      onProgress: (p) => {
        if (p.loaded === shown.loaded && p.speed === shown.speed) return;
        shown = { loaded: p.loaded, speed: p.speed };
        patchTransfer(id, shown);
        saveTransfersSoon();
      },
    });
    patchTransfer(id, { status: 'completed', loaded: file.size, speed: 0 });
    completed();
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
