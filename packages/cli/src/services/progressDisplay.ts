/**
 * Progress of uploads and downloads on stderr: Ink bars on a terminal (imported only here, lazily, so
 * other commands never load React), plain lines otherwise (logs, CI, pipes).
 */
import { progressFigures, type TransferProgress, type TransferRow } from './transferFormat.ts';

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

/** One line per stage change and per tenth of the way: readable in a log, not a flood. */
export function plainProgressDisplay(
  labels: string[],
  verb: string,
  writeLine: (line: string) => void,
): ProgressDisplay {
  const rows = initialRows(labels);
  const lastStage: (string | null)[] = labels.map(() => null);
  const lastTenth: number[] = labels.map(() => -1);
  return {
    ownsTerminal: false,
    start(index) {
      rows[index].status = 'running';
    },
    update(index, progress) {
      const tenth = Math.floor(progress.percent / 10);
      if (progress.stage === lastStage[index] && tenth === lastTenth[index]) return;
      lastStage[index] = progress.stage;
      lastTenth[index] = tenth;
      writeLine(
        `${verb} ${labels[index]}: ${progress.stage} ${progress.percent}%  ${progressFigures(progress)}`,
      );
    },
    finish(index, ok, message) {
      rows[index].status = ok ? 'done' : 'failed';
      writeLine(`${verb} ${labels[index]}: ${ok ? 'done' : 'failed'}${message ? ` (${message})` : ''}`);
    },
    async close() {},
  };
}
