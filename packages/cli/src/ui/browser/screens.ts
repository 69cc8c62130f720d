/** Full-body screens that replace the list for a moment: the key help (`?`) and a preview (`p`). */
import { Box, Text } from 'ink';
import { createElement as h, type ReactElement } from 'react';
import { GLOBAL_KEYS, MOUNT_KEYS, PICKER_KEYS, SHARE_KEYS } from './keys.ts';

export function helpScreen(width: number): ReactElement {
  const column = Math.floor(width / 2) - 1;
  const section = (title: string, keys: [string, string][]) => [
    h(Text, { key: title, bold: true }, title),
    ...keys.map(([k, what]) =>
      h(Text, { key: title + k + what, wrap: 'truncate-end' }, `${k.padEnd(14)} ${what}`),
    ),
  ];
  return h(
    Box,
    { flexDirection: 'row' },
    h(Box, { flexDirection: 'column', width: column }, ...section('Mounts', MOUNT_KEYS)),
    h(
      Box,
      { flexDirection: 'column', width: column },
      ...section('Text and file shares', SHARE_KEYS),
      ...section('Folder picker (c, m)', PICKER_KEYS),
      ...section('Everywhere', GLOBAL_KEYS),
    ),
  );
}

export function previewScreen(title: string, text: string, height: number, width: number): ReactElement {
  const lines = text
    .replace(/\t/g, '  ')
    .split('\n')
    .slice(0, height - 1);
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true }, `── ${title} ── (Esc closes)`),
    ...lines.map((line, i) => h(Text, { key: i, wrap: 'truncate-end' }, line.slice(0, width) || ' ')),
  );
}
