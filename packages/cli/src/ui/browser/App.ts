/**
 * The interactive browser (`clip browse`): three views (Mounts, Text shares, File shares), a status line
 * with the path and selection, prompts and confirmations in place, and progress of long operations.
 * Written with React.createElement (plain Node runs no .tsx). All server access goes through a backend.
 */

import type { FsItem } from '@clip/sdk';
import { Box, Text, useApp, useInput, useWindowSize } from 'ink';
import { createElement as h, type ReactElement, useEffect, useMemo, useState } from 'react';
import type { BrowserBackend, ShareRow } from './backend.ts';
import { GLOBAL_KEYS, MOUNT_KEYS, SHARE_KEYS } from './keys.ts';

export type View = 'mounts' | 'text' | 'files';
const VIEWS: View[] = ['mounts', 'text', 'files'];
const VIEW_TITLES: Record<View, string> = { mounts: 'Mounts', text: 'Text shares', files: 'File shares' };

type Mode =
  | { kind: 'list' }
  | { kind: 'filter' }
  | { kind: 'help' }
  | { kind: 'preview'; title: string; text: string }
  | { kind: 'prompt'; label: string; value: string; run: (value: string) => Promise<string> }
  | { kind: 'confirm'; question: string; run: () => Promise<string> };

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

const join = (folder: string, name: string) => (folder === '/' ? `/${name}` : `${folder}/${name}`);
const parentOf = (path: string) => {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
};
const size = (n: number | null) =>
  n === null
    ? ''
    : n < 1024
      ? `${n} B`
      : n < 1048576
        ? `${(n / 1024).toFixed(1)} K`
        : `${(n / 1048576).toFixed(1)} M`;
const errorLine = (err: unknown) => `error: ${err instanceof Error ? err.message : String(err)}`;
const TEXTUAL = /^(text\/|application\/(json|xml|javascript|x-sh|yaml|toml))/;

export function App({ backend, editText, setClipboard, cwd, initialPath = '/' }: AppProps): ReactElement {
  const { exit } = useApp();
  const { columns, rows } = useWindowSize();
  const [view, setView] = useState<View>('mounts');
  const [path, setPath] = useState(initialPath);
  const [items, setItems] = useState<FsItem[]>([]);
  const [shares, setShares] = useState<ShareRow[]>([]);
  const [cursor, setCursor] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [filter, setFilter] = useState('');
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [status, setStatus] = useState('loading…');
  const [busy, setBusy] = useState(false);
  // A new object asks for a reload; `refresh` bypasses the server's listing cache.
  const [loadToken, setLoadToken] = useState({ refresh: false });

  const fail = (err: unknown) => setStatus(errorLine(err));

  // Load the current folder (or share list) whenever the view, the path or a reload asks for it.
  useEffect(() => {
    let live = true;
    const load = async () => {
      try {
        if (view === 'mounts') {
          const list = await backend.list(path, loadToken.refresh);
          if (live) setItems(list);
        } else {
          const list = view === 'text' ? await backend.textShares() : await backend.fileShares();
          if (live) setShares(list);
        }
        if (live) setStatus((s) => (s === 'loading…' || s.startsWith('error') ? '' : s));
      } catch (err) {
        if (live) {
          if (view === 'mounts') setItems([]);
          setStatus(errorLine(err));
        }
      }
    };
    void load();
    return () => {
      live = false;
    };
  }, [backend, view, path, loadToken]);

  const visible = useMemo(() => {
    const f = filter.toLowerCase();
    return f ? items.filter((i) => i.name.toLowerCase().includes(f)) : items;
  }, [items, filter]);
  const count = view === 'mounts' ? visible.length : shares.length;
  const current = view === 'mounts' ? visible[cursor] : undefined;
  const share = view !== 'mounts' ? shares[cursor] : undefined;
  useEffect(() => {
    if (cursor >= count) setCursor(Math.max(0, count - 1));
  }, [count, cursor]);

  const again = (keepCache = true) => setLoadToken({ refresh: !keepCache });
  const goTo = (next: string) => {
    setPath(next);
    setCursor(0);
    setSelected(new Set());
    setFilter('');
  };
  /** Runs a long operation with its progress on the status line; one at a time. */
  const perform = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      setStatus(await work());
      setSelected(new Set());
      again();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  const targets = () => (selected.size > 0 ? [...selected] : current ? [current.path] : []);
  const ask = (label: string, value: string, run: (value: string) => Promise<string>) =>
    setMode({ kind: 'prompt', label, value, run });

  const mountKey = (input: string, key: Parameters<Parameters<typeof useInput>[0]>[1]) => {
    const open = () => {
      if (current?.type === 'folder') goTo(current.path);
    };
    if (key.return || key.rightArrow) return open();
    if (input === 'l') {
      if (current?.type === 'folder') return open();
      if (current)
        void perform(async () => {
          const url = await backend.link(current.path);
          setClipboard(url);
          return `link copied: ${url}`;
        });
      return;
    }
    if (key.backspace || key.delete || key.leftArrow || input === 'h') {
      if (path !== '/') goTo(parentOf(path));
      return;
    }
    if (input === ' ' && current) {
      const next = new Set(selected);
      if (next.has(current.path)) next.delete(current.path);
      else next.add(current.path);
      setSelected(next);
      setCursor((c) => Math.min(c + 1, count - 1));
      return;
    }
    if (input === '/') return setMode({ kind: 'filter' });
    if (input === 'R') return again(false);
    if (input === 'n')
      return ask('new folder name', '', async (name) => {
        await backend.mkdir(join(path, name));
        return `created ${join(path, name)}`;
      });
    if (input === 'u')
      return ask(`upload into ${path}: local file`, '', async (local) => {
        await backend.upload(local, path, setStatus);
        return `uploaded ${local}`;
      });
    if (!current) return;
    if (input === 'p') {
      if (current.type === 'folder') return setStatus(`${current.path}: a folder (Enter opens it)`);
      const meta = `${current.path}\n${current.mimetype ?? current.type}  ${size(current.size)}  ${current.modified ?? ''}`;
      if (!TEXTUAL.test(current.mimetype ?? '') && current.type !== 'code' && current.type !== 'document')
        return setMode({ kind: 'preview', title: current.name, text: meta });
      void backend
        .previewText(current.path, 64 * 1024)
        .then((text) => setMode({ kind: 'preview', title: current.name, text }))
        .catch(fail);
      return;
    }
    if (input === 'd')
      return ask(`download ${current.name} to`, join(cwd, current.name), (dest) =>
        backend.download(current.path, dest, setStatus).then((saved) => `saved ${saved}`),
      );
    if (input === 'c' || input === 'm') {
      const paths = targets();
      const verb = input === 'c' ? 'copy' : 'move';
      return ask(`${verb} ${paths.length} item(s) to folder`, path, (folder) =>
        input === 'c' ? backend.copy(paths, folder, setStatus) : backend.move(paths, folder, setStatus),
      );
    }
    if (input === 'r')
      return ask(`rename ${current.name} to`, current.name, async (name) => {
        await backend.rename(current.path, join(path, name));
        return `renamed to ${name}`;
      });
    if (input === 'x') {
      const paths = targets();
      return setMode({
        kind: 'confirm',
        question: `delete ${paths.length === 1 ? paths[0] : `${paths.length} items`}? (y/n)`,
        run: () => backend.remove(paths),
      });
    }
  };

  const shareKey = (input: string, key: Parameters<Parameters<typeof useInput>[0]>[1]) => {
    const kind = view === 'text' ? 'text' : 'file';
    if (input === 'R') return again();
    if (input === 'n' && view === 'text')
      return void perform(async () => {
        const content = await editText();
        if (!content.trim()) return 'empty: nothing shared';
        const url = await backend.createTextShare(content);
        setClipboard(url);
        return `created ${url} (link copied)`;
      });
    if (!share) return;
    if (key.return || input === 'p')
      return void backend
        .shareContent(kind, share)
        .then((text) => setMode({ kind: 'preview', title: share.title, text }))
        .catch(fail);
    if (input === 'l') {
      setClipboard(share.url);
      return setStatus(`link copied: ${share.url}`);
    }
    if (input === 'x')
      return setMode({
        kind: 'confirm',
        question: `delete ${kind} share ${share.slug}? (y/n)`,
        run: async () => {
          await backend.removeShare(kind, share.id);
          return `deleted ${share.slug}`;
        },
      });
  };

  useInput((input, key) => {
    if (mode.kind === 'filter') {
      if (key.escape) {
        setFilter('');
        return setMode({ kind: 'list' });
      }
      if (key.return) return setMode({ kind: 'list' });
      if (key.backspace || key.delete) return setFilter((f) => f.slice(0, -1));
      if (input && !key.ctrl && !key.meta) {
        setFilter((f) => f + input);
        setCursor(0);
      }
      return;
    }
    if (mode.kind === 'prompt') {
      if (key.escape) return setMode({ kind: 'list' });
      if (key.return) {
        const { run, value } = mode;
        setMode({ kind: 'list' });
        if (value.trim()) void perform(() => run(value.trim()));
        return;
      }
      if (key.backspace || key.delete) return setMode({ ...mode, value: mode.value.slice(0, -1) });
      if (input && !key.ctrl && !key.meta) setMode({ ...mode, value: mode.value + input });
      return;
    }
    if (mode.kind === 'confirm') {
      const { run } = mode;
      setMode({ kind: 'list' });
      if (input === 'y' || input === 'Y') void perform(run);
      else setStatus('cancelled');
      return;
    }
    if (input === 'q') return exit();
    if (mode.kind === 'help' || mode.kind === 'preview') {
      if (input === '?' || key.escape || key.return || input === 'p' || key.backspace)
        setMode({ kind: 'list' });
      return;
    }
    if (input === '?') return setMode({ kind: 'help' });
    if (key.tab || input === '1' || input === '2' || input === '3') {
      const next = key.tab ? VIEWS[(VIEWS.indexOf(view) + 1) % VIEWS.length] : VIEWS[Number(input) - 1];
      setView(next);
      setCursor(0);
      setStatus('');
      return;
    }
    if (key.upArrow || input === 'k') return setCursor((c) => Math.max(0, c - 1));
    if (key.downArrow || input === 'j') return setCursor((c) => Math.min(Math.max(0, count - 1), c + 1));
    if (key.pageDown) return setCursor((c) => Math.min(Math.max(0, count - 1), c + listHeight));
    if (key.pageUp) return setCursor((c) => Math.max(0, c - listHeight));
    if (busy) return setStatus('busy: wait for the current operation');
    if (view === 'mounts') mountKey(input, key);
    else shareKey(input, key);
  });

  const listHeight = Math.max(3, (rows || 24) - 5);
  const width = Math.max(20, columns || 80);
  const tabs = h(
    Box,
    null,
    ...VIEWS.map((v, i) =>
      h(Text, { key: v, inverse: v === view, bold: v === view }, ` ${i + 1} ${VIEW_TITLES[v]} `),
    ),
    h(Text, { dimColor: true }, '  ? help  q quit'),
  );

  let body: ReactElement;
  if (mode.kind === 'help') body = helpScreen(width);
  else if (mode.kind === 'preview') body = previewScreen(mode.title, mode.text, listHeight, width);
  else if (view === 'mounts') body = mountList(visible, cursor, selected, listHeight, width);
  else body = shareList(shares, cursor, listHeight, width, view);

  const where = view === 'mounts' ? path : VIEW_TITLES[view];
  const selection = view === 'mounts' && selected.size > 0 ? `  ${selected.size} selected` : '';
  const filterNote = filter ? `  filter: ${filter}` : '';
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
    h(Text, { bold: true, wrap: 'truncate-end' }, `${where}${selection}${filterNote}${busy ? '  …' : ''}`),
    h(Box, { flexDirection: 'column', height: listHeight, overflow: 'hidden' }, body),
    bottom,
  );
}

function windowOf<T>(rows: T[], cursor: number, height: number): { start: number; slice: T[] } {
  const start = Math.max(0, Math.min(cursor - Math.floor(height / 2), rows.length - height));
  return { start, slice: rows.slice(start, start + height) };
}

function mountList(
  items: FsItem[],
  cursor: number,
  selected: Set<string>,
  height: number,
  width: number,
): ReactElement {
  if (items.length === 0) return h(Text, { dimColor: true }, '(empty)');
  const { start, slice } = windowOf(items, cursor, height);
  return h(
    Box,
    { flexDirection: 'column' },
    ...slice.map((item, i) => {
      const index = start + i;
      const mark = selected.has(item.path) ? '*' : ' ';
      const name = item.type === 'folder' ? `${item.name}/` : item.name;
      const right = `${size(item.size).padStart(9)}  ${item.modified ? item.modified.slice(0, 16).replace('T', ' ') : ''.padEnd(16)}`;
      const room = Math.max(8, width - right.length - 5);
      const label = name.length > room ? `${name.slice(0, room - 1)}…` : name.padEnd(room);
      return h(
        Text,
        { key: item.path, inverse: index === cursor, color: item.type === 'folder' ? 'blue' : undefined },
        `${mark} ${label} ${right}`,
      );
    }),
  );
}

function shareList(
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
  const { start, slice } = windowOf(rows, cursor, height);
  return h(
    Box,
    { flexDirection: 'column' },
    ...slice.map((row, i) =>
      h(
        Text,
        { key: row.id, inverse: start + i === cursor, wrap: 'truncate-end' },
        `  ${row.slug.padEnd(12)} ${row.title.slice(0, Math.max(10, width - 50)).padEnd(Math.min(30, Math.max(10, width - 50)))}  ${row.detail}`,
      ),
    ),
  );
}

function helpScreen(width: number): ReactElement {
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
      ...section('Everywhere', GLOBAL_KEYS),
    ),
  );
}

function previewScreen(title: string, text: string, height: number, width: number): ReactElement {
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
