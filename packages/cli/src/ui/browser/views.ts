/** The browser's three views and what the app is doing in them (a list, or a prompt, help, a picker...). */

export type View = 'mounts' | 'text' | 'files';
export const VIEWS: View[] = ['mounts', 'text', 'files'];
export const VIEW_TITLES: Record<View, string> = {
  mounts: 'Mounts',
  text: 'Text shares',
  files: 'File shares',
};

export type Mode =
  | { kind: 'list' }
  | { kind: 'filter' }
  | { kind: 'help' }
  | { kind: 'preview'; title: string; text: string }
  | { kind: 'prompt'; label: string; value: string; run: (value: string) => Promise<string> }
  | { kind: 'confirm'; question: string; run: () => Promise<string> }
  /** A folder picker over the mounts (copy and move targets); `run` gets the picked folder. */
  | { kind: 'pick'; title: string; start: string; run: (folder: string) => Promise<string> };
