/**
 * The spec's client-side copy run from the explorer: the server signs a GET of each source and a PUT of
 * each target, and this browser moves the bytes (the SDK's `fs.copy`). Shown in the task manager as a
 * browser transfer with its phase (downloading, uploading), counts, cancel and the failed items, which
 * a retry copies again.
 */
import type { ClipClient, CopyPair } from '@clip/sdk';
import { baseName, parentPath } from './explorerModel.ts';
import {
  addTransfers,
  type CopyTransferPhase,
  currentTransfers,
  endTransfer,
  pageIsLeaving,
  patchTransfer,
  saveTransfers,
  saveTransfersSoon,
  transferSignal,
} from './transferStore.ts';

/** Starts a client-side copy of `pairs` as a transfer; resolves when it ended. */
export async function runClientCopy(
  client: ClipClient,
  pairs: CopyPair[],
  skipExisting: boolean,
  onEnd?: () => void,
): Promise<void> {
  const name =
    pairs.length === 1 ? baseName(pairs[0].sourcePath) : pairs.map((p) => baseName(p.sourcePath)).join(', ');
  const [id] = addTransfers([
    {
      kind: 'copy',
      name,
      folder: parentPath(pairs[0].targetPath),
      size: 0,
      loaded: 0,
      speed: 0,
      phase: 'starting',
      done: 0,
      total: pairs.length,
      failures: [],
    },
  ]);
  await follow(client, id, pairs, skipExisting);
  onEnd?.();
}

/** Copies the failed items of an ended copy transfer again, as a new transfer. */
export async function retryClientCopy(client: ClipClient, id: string, onEnd?: () => void): Promise<void> {
  const failed = currentTransfers().find((t) => t.id === id)?.failures ?? [];
  if (failed.length === 0) return;
  await runClientCopy(
    client,
    failed.map(({ sourcePath, targetPath }) => ({ sourcePath, targetPath })),
    true,
    onEnd,
  );
}

async function follow(client: ClipClient, id: string, pairs: CopyPair[], skipExisting: boolean) {
  const signal = transferSignal(id);
  if (!signal) return;
  patchTransfer(id, { status: 'running' });
  saveTransfers();
  try {
    const report = await client.fs.copy(pairs, {
      clientSide: true,
      skipExisting,
      signal,
      onProgress: (p) => {
        patchTransfer(id, {
          ...(p.phase === 'downloading' || p.phase === 'uploading' || p.phase === 'committing'
            ? { phase: p.phase as CopyTransferPhase }
            : {}),
          ...(p.item ? { current: p.item } : {}),
          done: p.done,
          total: p.total || pairs.length,
          loaded: p.bytes,
        });
        saveTransfersSoon();
      },
    });
    const failures = report.failed.map((f) => ({
      sourcePath: f.sourcePath,
      targetPath: f.targetPath,
      error: f.error,
    }));
    const status =
      failures.length === 0 ? 'completed' : report.copied + report.skipped > 0 ? 'partial' : 'failed';
    patchTransfer(id, {
      status,
      copied: report.copied,
      skipped: report.skipped,
      failures,
      current: undefined,
      done: report.copied + report.skipped + failures.length,
    });
  } catch (err) {
    if (pageIsLeaving()) return;
    const cancelled = signal.aborted;
    patchTransfer(id, {
      status: cancelled ? 'cancelled' : 'failed',
      error: cancelled ? undefined : (err as Error).message,
      current: undefined,
    });
  } finally {
    endTransfer(id);
  }
}
