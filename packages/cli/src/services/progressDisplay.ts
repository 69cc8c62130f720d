/**
 * Progress of uploads and downloads on stderr: Ink bars on a terminal (imported only here, lazily, so
 * other commands never load React), plain lines otherwise (logs, CI, pipes).
 */
import { formatBytes } from '@clip/sdk';
import type { TransferProgress, TransferRow } from './transferFormat.ts';

export interface ProgressDisplay {
  start(index: number): void;
  update(index: number, progress: TransferProgress): void;
  finish(index: number, ok: boolean, message?: string): void;
  /** Draws the final state and releases the terminal. */
  close(): Promise<void>;
  /** True when results printed on stdout now would garble the display. */
  readonly ownsTerminal: boolean;
}

export function initialRows(labels: string[]): TransferRow[] {
  return labels.map((label) => ({ label, status: 'waiting', progress: null }));
}

export async function openProgressDisplay(labels: string[], verb: string): Promise<ProgressDisplay> {
  if (process.stderr.isTTY && !process.env.CI) {
    const { inkProgressDisplay } = await import('../ui/transferView.ts');
    return inkProgressDisplay(labels, process.stdout.isTTY === true);
  }
  return plainProgressDisplay(labels, verb, (line) => process.stderr.write(`${line}\n`));
}

/**
 * A monotonic clock in milliseconds. Not `performance.now()`: the `performance` global loads Node's
 * perf_hooks (~2 ms of CPU at first use), a cost every plain-output upload would pay at start.
 */
function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/**
 * Off a terminal (logs, CI, pipes): one line per file when it ends, with its size, time and speed. No
 * escape codes and no running figures: a log reads `upload a.bin: done  50.0 MiB in 2.1 s (23.8 MiB/s)`.
 */
export function plainProgressDisplay(
  labels: string[],
  verb: string,
  writeLine: (line: string) => void,
  now: () => number = monotonicMs,
): ProgressDisplay {
  const started: number[] = labels.map(() => 0);
  const loaded: number[] = labels.map(() => 0);
  return {
    ownsTerminal: false,
    start(index) {
      started[index] = now();
    },
    update(index, progress) {
      loaded[index] = progress.loaded;
    },
    finish(index, ok, message) {
      if (!ok) {
        writeLine(`${verb} ${labels[index]}: failed${message ? ` (${message})` : ''}`);
        return;
      }
      const seconds = Math.max((now() - started[index]) / 1000, 0.001);
      writeLine(
        `${verb} ${labels[index]}: done  ${formatBytes(loaded[index])} in ${seconds.toFixed(1)} s (${formatBytes(loaded[index] / seconds)}/s)`,
      );
    },
    async close() {},
  };
}
