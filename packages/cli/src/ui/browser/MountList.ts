/** The Mounts view's rows: selection mark, name (folders end in /), size and modification time. */
import type { FsItem } from '@clip/sdk';
import { Box, Text } from 'ink';
import { createElement as h, type ReactElement } from 'react';
import { fitToWidth } from '../../services/displayWidth.ts';
import { formatSize, scrollWindow } from './format.ts';

export function mountList(
  items: FsItem[],
  cursor: number,
  selected: Set<string>,
  height: number,
  width: number,
): ReactElement {
  if (items.length === 0) return h(Text, { dimColor: true }, '(empty)');
  const { start, slice } = scrollWindow(items, cursor, height);
  return h(
    Box,
    { flexDirection: 'column' },
    ...slice.map((item, i) => {
      const index = start + i;
      const mark = selected.has(item.path) ? '*' : ' ';
      const name = item.type === 'folder' ? `${item.name}/` : item.name;
      const right = `${formatSize(item.size).padStart(9)}  ${item.modified ? item.modified.slice(0, 16).replace('T', ' ') : ''.padEnd(16)}`;
      const room = Math.max(8, width - right.length - 5);
      const label = fitToWidth(name, room);
      return h(
        Text,
        { key: item.path, inverse: index === cursor, color: item.type === 'folder' ? 'blue' : undefined },
        `${mark} ${label} ${right}`,
      );
    }),
  );
}
