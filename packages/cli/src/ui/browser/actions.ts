/** What key handlers may do to the app: its state setters and the few operations built on them. */
import type { FsItem } from '@clip/sdk';
import type { Key } from 'ink';
import type { BrowserBackend, ShareRow } from './backend.ts';
import type { Mode, View } from './views.ts';

export interface BrowserActions {
  backend: BrowserBackend;
  setClipboard: (text: string) => void;
  editText: () => Promise<string>;
  cwd: string;
  view: View;
  path: string;
  /** The item (Mounts) or share row under the cursor. */
  current: FsItem | undefined;
  share: ShareRow | undefined;
  selected: Set<string>;
  count: number;
  goTo: (path: string) => void;
  setMode: (mode: Mode) => void;
  setStatus: (text: string) => void;
  setSelected: (selected: Set<string>) => void;
  setCursor: (update: (cursor: number) => number) => void;
  reload: (keepCache?: boolean) => void;
  fail: (err: unknown) => void;
  /** Runs a long operation with its progress on the status line; its answer becomes the status. */
  perform: (work: () => Promise<string>) => Promise<void>;
  /** The selection, or the item under the cursor when nothing is selected. */
  targets: () => string[];
}

export type KeyHandler = (actions: BrowserActions, input: string, key: Key) => void;
