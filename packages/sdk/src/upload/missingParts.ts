/**
 * Sends the parts a resumable upload still lacks, a few at a time: the first real failure stops the
 * rest and is thrown (a cancellation only when nothing else failed), and a cancelled upload says so.
 */
import PQueue from 'p-queue';
import { isCancellation, uploadCancelled } from './errors.ts';

export async function sendMissingParts(options: {
  parts: number;
  have: ReadonlySet<number>;
  concurrency: number;
  /** The caller's signal: aborting it cancels the upload. */
  signal: AbortSignal;
  /** Sends part `n` (numbered from 1); `signal` also aborts once another part failed. */
  send(n: number, signal: AbortSignal): Promise<void>;
}): Promise<void> {
  const stop = new AbortController();
  const signal = AbortSignal.any([options.signal, stop.signal]);
  const queue = new PQueue({ concurrency: options.concurrency });
  let failure: unknown = null;
  for (let n = 1; n <= options.parts; n++) {
    if (options.have.has(n)) continue;
    queue.add(async () => {
      if (signal.aborted) return;
      try {
        await options.send(n, signal);
      } catch (err) {
        if (failure === null || (isCancellation(failure) && !isCancellation(err))) failure = err;
        stop.abort();
        queue.clear();
      }
    });
  }
  await queue.onIdle();
  if (failure !== null) throw failure;
  if (options.signal.aborted) throw uploadCancelled();
}
