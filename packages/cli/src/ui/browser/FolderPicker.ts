/**
 * The folder picker that `c` (copy) and `m` (move) open: the mounts' folders only, walked with the keys of
 * the Mounts view (j/k move, l/→ opens, h/←/Backspace goes up); Enter picks the highlighted folder (the
 * first row is the folder being shown), `t` types a path instead, Esc cancels. It owns the keyboard while
 * it is open (the app's own input handler is inactive meanwhile).
 */
import type { FsItem } from '@clip/sdk';
import { Box, Text } from 'ink';
import { createElement as h, type ReactElement, useEffect, useState } from 'react';
import type { BrowserBackend } from './backend.ts';
import { errorLine, parentOf, scrollWindow } from './format.ts';
import { editLine } from './modeKeys.ts';
import { useKeys } from './useKeys.ts';

export interface FolderPickerProps {
  backend: BrowserBackend;
  /** What the pick is for, e.g. "copy 2 item(s) to". */
  title: string;
  /** The folder shown first (the one the user is browsing). */
  start: string;
  /** Rows the picker may use, its header and key line included. */
  height: number;
  width: number;
  onPick: (folder: string) => void;
  onCancel: () => void;
}

interface Row {
  path: string;
  label: string;
  /** A subfolder (opens with l); the first row is the shown folder itself. */
  child: boolean;
}

function rowsOf(path: string, folders: FsItem[]): Row[] {
  const here: Row[] = path === '/' ? [] : [{ path, label: `. (this folder: ${path})`, child: false }];
  return [...here, ...folders.map((f) => ({ path: f.path, label: `${f.name}/`, child: true }))];
}

export function FolderPicker({
  backend,
  title,
  start,
  height,
  width,
  onPick,
  onCancel,
}: FolderPickerProps): ReactElement {
  const [path, setPath] = useState(start);
  // The listing names its folder, so a render between a move and its load never shows the old one's rows.
  const [listing, setListing] = useState<{ path: string; folders: FsItem[]; problem: string } | null>(null);
  const [cursor, setCursor] = useState(0);
  const [typed, setTyped] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    backend
      .list(path)
      .then((items) => {
        if (live) setListing({ path, folders: items.filter((i) => i.type === 'folder'), problem: '' });
      })
      .catch((err: unknown) => {
        if (live) setListing({ path, folders: [], problem: errorLine(err) });
      });
    return () => {
      live = false;
    };
  }, [backend, path]);

  const folders = listing?.path === path ? listing.folders : null;
  const problem = listing?.path === path ? listing.problem : '';
  // While a folder loads, its first row (the folder itself) can already be picked.
  const rows = rowsOf(path, folders ?? []);
  const highlighted = rows[Math.min(cursor, rows.length - 1)];
  const open = (next: string) => {
    setPath(next);
    setCursor(0);
  };

  useKeys((input, key) => {
    if (typed !== null) {
      if (key.escape) return setTyped(null);
      if (key.return) {
        if (typed.trim()) onPick(typed.trim());
        return;
      }
      const next = editLine(typed, input, key);
      if (next !== null) setTyped(next);
      return;
    }
    if (key.escape) return onCancel();
    if (input === 't') return setTyped(path);
    if (key.upArrow || input === 'k') return setCursor((c) => Math.max(0, c - 1));
    if (key.downArrow || input === 'j')
      return setCursor((c) => Math.min(Math.max(0, rows.length - 1), c + 1));
    if (key.return) {
      if (highlighted) onPick(highlighted.path);
      return;
    }
    if (key.rightArrow || input === 'l') {
      if (highlighted?.child) open(highlighted.path);
      return;
    }
    if (key.leftArrow || key.backspace || key.delete || input === 'h') {
      if (path !== '/') open(parentOf(path));
    }
  });

  const listHeight = Math.max(1, height - 2);
  const { start: first, slice } = scrollWindow(rows, cursor, listHeight);
  const header =
    typed !== null
      ? h(Text, { color: 'yellow' }, `${title} folder: ${typed}█`)
      : h(
          Text,
          { color: 'yellow', bold: true, wrap: 'truncate-end' },
          `${title} ${highlighted?.path ?? path}`,
        );
  let list: ReactElement;
  if (folders === null && rows.length === 0) list = h(Text, { dimColor: true }, 'loading…');
  else if (rows.length === 0) list = h(Text, { dimColor: true }, problem || '(no folders here; h goes up)');
  else
    list = h(
      Box,
      { flexDirection: 'column' },
      ...slice.map((row, i) =>
        h(
          Text,
          {
            key: row.path + String(row.child),
            inverse: first + i === cursor,
            color: row.child ? 'blue' : undefined,
            wrap: 'truncate-end',
          },
          `  ${row.label}`.slice(0, width),
        ),
      ),
    );
  const hint =
    typed !== null
      ? 'Enter picks the typed folder, Esc goes back to the list'
      : problem ||
        `${folders === null ? 'loading…  ' : ''}Enter picks  l/→ opens  h/← up  t types a path  Esc cancels`;
  return h(
    Box,
    { flexDirection: 'column' },
    header,
    h(Box, { flexDirection: 'column', height: listHeight, overflow: 'hidden' }, list),
    h(Text, { dimColor: !problem, color: problem ? 'red' : undefined, wrap: 'truncate-end' }, hint),
  );
}
