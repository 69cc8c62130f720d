/**
 * Ink progress bars, one row per file. Written with React.createElement (plain node runs no .tsx);
 * the rows are re-rendered from plain state, so the components stay stateless.
 */
import { Box, render, Text } from 'ink';
import { createElement as h, type ReactElement } from 'react';
import type { ProgressDisplay } from '../services/progressDisplay.ts';
import { initialRows } from '../services/progressDisplay.ts';
import { fitLabel, progressBar, progressFigures, type TransferRow } from '../services/transferFormat.ts';

const LABEL_WIDTH = 28;
const MARK = { waiting: '·', running: '›', done: '✔', failed: '✘' } as const;
const COLOR = { waiting: 'gray', running: 'cyan', done: 'green', failed: 'red' } as const;

function Row({ row }: { row: TransferRow }): ReactElement {
  const p = row.progress;
  const detail =
    row.status === 'failed'
      ? (row.message ?? 'failed')
      : row.status === 'waiting'
        ? 'waiting'
        : p
          ? `${String(p.percent).padStart(3)}%  ${progressFigures(p)}${row.status === 'running' ? `  ${p.stage}` : ''}`
          : 'starting';
  return h(
    Box,
    null,
    h(Text, { color: COLOR[row.status] }, `${MARK[row.status]} `),
    h(Text, null, `${fitLabel(row.label, LABEL_WIDTH)} `),
    row.status === 'failed' ? null : h(Text, { color: COLOR[row.status] }, `${progressBar(p?.percent ?? 0)} `),
    h(Text, { color: row.status === 'failed' ? 'red' : undefined }, detail),
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
