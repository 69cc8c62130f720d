/**
 * One batch of small files from a drop or pick, sent in one request (`fs.uploadBatch`, ADR 0093). Each
 * file keeps its own row in the task manager: the batch's progress is spread over its files by bytes, in
 * the order they go out, and each file ends when the batch answers (completed, or failed with the
 * server's reason for that file). A cancel of any of its files aborts the request; the files not
 * cancelled then go one by one, as a single upload each (`sendSingly`), as they do when the batch's
 * request fails as a whole.
 */
import type { ClipClient } from '@clip/sdk';
import {
  endTransfer,
  pageIsLeaving,
  patchTransfer,
  saveTransfersSoon,
  transferSignal,
} from './transferStore.ts';
import { commonFolder, relativeName } from './uploadPlan.ts';

export interface BatchMember {
  id: string;
  folder: string;
  file: File;
}

export async function uploadBatch(
  client: ClipClient,
  members: BatchMember[],
  sendSingly: (member: BatchMember) => Promise<void>,
  completed: () => void,
): Promise<void> {
  const live = members.filter((m) => {
    const signal = transferSignal(m.id);
    if (signal && !signal.aborted) return true;
    patchTransfer(m.id, { status: 'cancelled' });
    endTransfer(m.id);
    return false;
  });
  if (live.length === 0) return;
  if (live.length === 1) return sendSingly(live[0]);

  const controller = new AbortController();
  const onCancel = () => controller.abort();
  for (const m of live) transferSignal(m.id)?.addEventListener('abort', onCancel, { once: true });
  const startedAt = Date.now();
  for (const m of live) patchTransfer(m.id, { status: 'running', startedAt });
  saveTransfersSoon();

  const base = commonFolder(live.map((m) => m.folder));
  const names = live.map((m) => relativeName(base, m.folder, m.file.name));
  const shown = live.map(() => 0);
  const spread = (loaded: number) => {
    const speed = Math.round(loaded / Math.max(0.001, (Date.now() - startedAt) / 1000));
    let before = 0;
    live.forEach((m, i) => {
      const mine = Math.min(m.file.size, Math.max(0, loaded - before));
      before += m.file.size;
      if (mine === shown[i]) return;
      shown[i] = mine;
      patchTransfer(m.id, { loaded: mine, speed: mine < m.file.size ? speed : 0 });
    });
    saveTransfersSoon();
  };

  try {
    const result = await client.fs.uploadBatch(
      base,
      live.map((m, i) => ({ name: names[i], body: m.file })),
      { createParents: true, signal: controller.signal, onProgress: (p) => spread(p.loaded) },
    );
    const failures = new Map<string, string[]>();
    for (const f of result.failed) failures.set(f.name, [...(failures.get(f.name) ?? []), f.message]);
    live.forEach((m, i) => {
      const reason = failures.get(names[i])?.shift();
      if (reason === undefined) patchTransfer(m.id, { status: 'completed', loaded: m.file.size, speed: 0 });
      else patchTransfer(m.id, { status: 'failed', speed: 0, error: reason });
      endTransfer(m.id);
    });
    completed();
  } catch {
    if (pageIsLeaving()) return;
    // A cancel, or the batch failing as a whole (a dropped connection, a refused form): the cancelled
    // files end here and the others go again one by one, each then done or failed for its own reason.
    // One the server had written before the break is written again, whole: an upload replaces.
    for (const m of live) {
      if (transferSignal(m.id)?.aborted === false) continue;
      patchTransfer(m.id, { status: 'cancelled', speed: 0 });
      endTransfer(m.id);
    }
    for (const m of live) {
      if (transferSignal(m.id)?.aborted !== false) continue;
      patchTransfer(m.id, { status: 'pending', loaded: 0, speed: 0 });
      await sendSingly(m);
    }
  } finally {
    for (const m of live) transferSignal(m.id)?.removeEventListener('abort', onCancel);
  }
}
