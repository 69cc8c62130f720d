/**
 * Ink progress bars, one row per file. Written with React.createElement (plain node runs no .tsx);
 * the rows are re-rendered from plain state, so the components stay stateless.
 */
import { Box, render, Text } from 'ink';
import { createElement as h, type ReactElement } from 'react';
import type { ProgressDisplay } from '../services/progressDisplay.ts';
import { initialRows } from '../services/progressDisplay.ts';
import { fitLabel, progressBar, progressFigures, type TransferRow } from '../services/transferFormat.ts';

const BAR_WIDTH = 16;
const MARK = { waiting: '·', running: '›', done: '✔', failed: '✘' } as const;
const COLOR = { waiting: 'gray', running: 'cyan', done: 'green', failed: 'red' } as const;
/** Stages worth naming next to the bar (the busy ones speak through the bar itself). */
const QUIET_STAGES = new Set(['uploading', 'downloading', 'completed']);

/** Room for the name: what the terminal leaves after the mark, the bar and the figures. */
function labelWidth(): number {
  const columns = process.stderr.columns || 80;
  return Math.max(10, Math.min(32, columns - BAR_WIDTH - 50));
}

function detailOf(row: TransferRow): string {
  const p = row.progress;
  if (row.status === 'failed') return row.message ?? 'failed';
  if (row.status === 'waiting') return 'waiting';
  if (!p) return 'starting';
  const stage = row.status === 'running' && !QUIET_STAGES.has(p.stage) ? `  ${p.stage}` : '';
  return `${String(p.percent).padStart(3)}%  ${progressFigures(p)}${stage}`;
}

function Row({ row }: { row: TransferRow }): ReactElement {
  return h(
    Box,
    null,
    h(Text, { color: COLOR[row.status] }, `${MARK[row.status]} `),
    h(Text, null, `${fitLabel(row.label, labelWidth())} `),
    row.status === 'failed'
      ? null
      : h(Text, { color: COLOR[row.status] }, `${progressBar(row.progress?.percent ?? 0, BAR_WIDTH)} `),
    h(Text, { color: row.status === 'failed' ? 'red' : undefined, wrap: 'truncate-end' }, detailOf(row)),
  );
}

function TransferList({ rows }: { rows: TransferRow[] }): ReactElement {
  return h(
    Box,
    { flexDirection: 'column' },
    rows.map((row, i) => h(Row, { key: i, row })),
  );
}

export function inkProgressDisplay(labels: string[], stdoutIsTerminal: boolean): ProgressDisplay {
  const rows = initialRows(labels);
  const view = () => h(TransferList, { rows: rows.map((r) => ({ ...r })) });
  const app = render(view(), {
    stdout: process.stderr,
    patchConsole: false,
    exitOnCtrlC: false,
    maxFps: 10,
  });
  return {
    // Results on a terminal stdout wait until the bars are done; a pipe takes them at once.
    ownsTerminal: stdoutIsTerminal,
    start(index) {
      rows[index].status = 'running';
      app.rerender(view());
    },
    update(index, progress) {
      rows[index].progress = progress;
      app.rerender(view());
    },
    finish(index, ok, message) {
      rows[index].status = ok ? 'done' : 'failed';
      rows[index].message = message;
      app.rerender(view());
    },
    async close() {
      app.rerender(view());
      app.unmount();
      await app.waitUntilExit();
    },
  };
}
