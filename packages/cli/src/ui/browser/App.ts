/**
 * The interactive browser (`clip browse`): three views (Mounts, Text shares, File shares), a status line
 * with the path and selection, prompts, confirmations and a folder picker in place, and progress of long
 * operations. This file holds the state and lays out the screen; the keys live in mountKeys.ts,
 * shareKeys.ts and modeKeys.ts, the pieces of the screen in their own files. Written with
 * React.createElement (plain Node runs no .tsx). All server access goes through a backend.
 */

import { Box, Text, useApp, useWindowSize } from 'ink';
import { createElement as h, type ReactElement, useCallback, useEffect, useMemo, useState } from 'react';
import type { BrowserActions } from './actions.ts';
import type { BrowserBackend } from './backend.ts';
import { FolderPicker } from './FolderPicker.ts';
import { errorLine } from './format.ts';
import { mountList } from './MountList.ts';
import { modeKey } from './modeKeys.ts';
import { mountKey } from './mountKeys.ts';
import { shareList } from './ShareList.ts';
import { helpScreen, previewScreen } from './screens.ts';
import { shareKey } from './shareKeys.ts';
import { useKeys } from './useKeys.ts';
import { LOADING, useListing } from './useListing.ts';
import { type Mode, VIEW_TITLES, VIEWS, type View } from './views.ts';

export type { View } from './views.ts';

export interface AppProps {
  backend: BrowserBackend;
  /** Opens $EDITOR on an empty file and answers what was written (the real app suspends Ink meanwhile). */
  editText: () => Promise<string>;
  /** Puts text on the clipboard (OSC 52 in a terminal). */
  setClipboard: (text: string) => void;
  /** Where downloads go by default. */
  cwd: string;
  initialPath?: string;
}

export function App({ backend, editText, setClipboard, cwd, initialPath = '/' }: AppProps): ReactElement {
  const { exit } = useApp();
  const { columns, rows } = useWindowSize();
  const [view, setView] = useState<View>('mounts');
  const [path, setPath] = useState(initialPath);
  const [cursor, setCursor] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [filter, setFilter] = useState('');
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [status, setStatusState] = useState(LOADING);
  const [busy, setBusy] = useState(false);
  const updateStatus = useCallback((update: (s: string) => string) => setStatusState(update), []);
  const setStatus = (text: string) => setStatusState(text);
  const { items, shares, reload } = useListing(backend, view, path, updateStatus);

  const visible = useMemo(() => {
    const f = filter.toLowerCase();
    return f ? items.filter((i) => i.name.toLowerCase().includes(f)) : items;
  }, [items, filter]);
  const count = view === 'mounts' ? visible.length : shares.length;
  useEffect(() => {
    if (cursor >= count) setCursor(Math.max(0, count - 1));
  }, [count, cursor]);

  const listHeight = Math.max(3, (rows || 24) - 5);
  const width = Math.max(20, columns || 80);
  const fail = (err: unknown) => setStatus(errorLine(err));
  const current = view === 'mounts' ? visible[cursor] : undefined;
  const perform = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      setStatus(await work());
      setSelected(new Set());
      reload();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  const actions: BrowserActions = {
    backend,
    setClipboard,
    editText,
    cwd,
    view,
    path,
    current,
    share: view !== 'mounts' ? shares[cursor] : undefined,
    selected,
    count,
    goTo: (next) => {
      setPath(next);
      setCursor(0);
      setSelected(new Set());
      setFilter('');
    },
    setMode,
    setStatus,
    setSelected,
    setCursor,
    reload,
    fail,
    perform,
    targets: () => (selected.size > 0 ? [...selected] : current ? [current.path] : []),
  };

  // The folder picker reads the keyboard itself while it is open.
  useKeys(
    (input, key) => {
      if (modeKey({ mode, setMode, setFilter, setCursor, setStatus, perform }, input, key)) return;
      if (input === 'q') return exit();
      if (input === '?') return setMode({ kind: 'help' });
      if (key.tab || input === '1' || input === '2' || input === '3') {
        setView(key.tab ? VIEWS[(VIEWS.indexOf(view) + 1) % VIEWS.length] : VIEWS[Number(input) - 1]);
        setCursor(0);
        setStatus('');
        return;
      }
      const last = Math.max(0, count - 1);
      if (key.upArrow || input === 'k') return setCursor((c) => Math.max(0, c - 1));
      if (key.downArrow || input === 'j') return setCursor((c) => Math.min(last, c + 1));
      if (key.pageDown) return setCursor((c) => Math.min(last, c + listHeight));
      if (key.pageUp) return setCursor((c) => Math.max(0, c - listHeight));
      if (busy) return setStatus('busy: wait for the current operation');
      (view === 'mounts' ? mountKey : shareKey)(actions, input, key);
    },
    { isActive: mode.kind !== 'pick' },
  );

  const tabs = h(
    Box,
    null,
    ...VIEWS.map((v, i) =>
      h(Text, { key: v, inverse: v === view, bold: v === view }, ` ${i + 1} ${VIEW_TITLES[v]} `),
    ),
    h(Text, { dimColor: true }, '  ? help  q quit'),
  );
  const where = view === 'mounts' ? path : VIEW_TITLES[view];
  const selection = view === 'mounts' && selected.size > 0 ? `  ${selected.size} selected` : '';
  const filterNote = filter ? `  filter: ${filter}` : '';
  const heading = h(
    Text,
    { bold: true, wrap: 'truncate-end' },
    `${where}${selection}${filterNote}${busy ? '  …' : ''}`,
  );

  if (mode.kind === 'pick') {
    const { run } = mode;
    const picker = h(FolderPicker, {
      backend,
      title: mode.title,
      start: mode.start,
      height: listHeight + 1,
      width,
      onPick: (folder: string) => {
        setMode({ kind: 'list' });
        void perform(() => run(folder));
      },
      onCancel: () => {
        setMode({ kind: 'list' });
        setStatus('cancelled');
      },
    });
    return h(Box, { flexDirection: 'column', width }, tabs, heading, picker);
  }

  let body: ReactElement;
  if (mode.kind === 'help') body = helpScreen(width);
  else if (mode.kind === 'preview') body = previewScreen(mode.title, mode.text, listHeight, width);
  else if (view === 'mounts') body = mountList(visible, cursor, selected, listHeight, width);
  else body = shareList(shares, cursor, listHeight, width, view);

  let bottom: ReactElement;
  if (mode.kind === 'filter') bottom = h(Text, { color: 'yellow' }, `/${filter}█`);
  else if (mode.kind === 'prompt') bottom = h(Text, { color: 'yellow' }, `${mode.label}: ${mode.value}█`);
  else if (mode.kind === 'confirm') bottom = h(Text, { color: 'red' }, mode.question);
  else
    bottom = h(
      Text,
      { wrap: 'truncate-end', color: status.startsWith('error') ? 'red' : undefined },
      status || ' ',
    );

  return h(
    Box,
    { flexDirection: 'column', width },
    tabs,
    heading,
    h(Box, { flexDirection: 'column', height: listHeight, overflow: 'hidden' }, body),
    bottom,
  );
}
