/** The Text shares and File shares views' rows: slug, title and a detail column. */
import { Box, Text } from 'ink';
import { createElement as h, type ReactElement } from 'react';
import { fitToWidth, padToWidth } from '../../services/displayWidth.ts';
import type { ShareRow } from './backend.ts';
import { scrollWindow } from './format.ts';
import type { View } from './views.ts';

export function shareList(
  rows: ShareRow[],
  cursor: number,
  height: number,
  width: number,
  view: View,
): ReactElement {
  if (rows.length === 0)
    return h(
      Text,
      { dimColor: true },
      view === 'text' ? '(no text shares; n creates one)' : '(no file shares)',
    );
  const { start, slice } = scrollWindow(rows, cursor, height);
  const titleWidth = Math.min(30, Math.max(10, width - 50));
  return h(
    Box,
    { flexDirection: 'column' },
    ...slice.map((row, i) =>
      h(
        Text,
        { key: row.id, inverse: start + i === cursor, wrap: 'truncate-end' },
        `  ${padToWidth(row.slug, 12)} ${fitToWidth(row.title, titleWidth)}  ${row.detail}`,
      ),
    ),
  );
}
