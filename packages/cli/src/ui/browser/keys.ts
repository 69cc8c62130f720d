/** Every key of the browser, in one table: the help screen (`?`) shows this list; the README explains more. */
export const MOUNT_KEYS: [string, string][] = [
  ['↑ ↓ k j', 'move'],
  ['Enter → l', 'open (l on a file: link)'],
  ['Backspace ← h', 'up a folder'],
  ['space', 'select / unselect'],
  ['/', 'filter (Esc clears)'],
  ['p', 'preview text / show metadata'],
  ['d', 'download (asks where)'],
  ['u', 'upload a local file here'],
  ['c', 'copy selection to a folder'],
  ['m', 'move selection to a folder'],
  ['r', 'rename'],
  ['x', 'delete selection (confirms)'],
  ['n', 'new folder'],
  ['l', 'copy direct link (file)'],
  ['R', 'refresh (bypass the cache)'],
];

export const SHARE_KEYS: [string, string][] = [
  ['↑ ↓ k j', 'move'],
  ['Enter p', 'open'],
  ['l', 'copy the link'],
  ['x', 'delete (confirms)'],
  ['n', 'new text share ($EDITOR)'],
  ['R', 'refresh'],
];

export const PICKER_KEYS: [string, string][] = [
  ['↑ ↓ k j', 'move'],
  ['→ l  ← h Bksp', 'open folder / up'],
  ['Enter', 'pick the highlighted folder'],
  ['t', 'type a path instead'],
  ['Esc', 'cancel'],
];

export const GLOBAL_KEYS: [string, string][] = [
  ['Tab 1 2 3', 'switch view'],
  ['?', 'show / hide this help'],
  ['q Ctrl-C', 'quit'],
];
