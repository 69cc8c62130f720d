/** Every key of the browser, in one table: the help screen and the README show this list. */
export const MOUNT_KEYS: [string, string][] = [
  ['↑ ↓ / k j', 'move'],
  ['Enter / → / l', 'open the folder (l on a file: copy its direct link)'],
  ['Backspace / ← / h', 'go up a folder'],
  ['space', 'select / unselect'],
  ['/', 'filter the folder (Enter keeps, Esc clears)'],
  ['p', 'preview text; metadata of images and binaries'],
  ['d', 'download (asks where)'],
  ['u', 'upload a local file here (asks which)'],
  ['c', 'copy the selection to a folder (asks which)'],
  ['m', 'move the selection to a folder (asks which)'],
  ['r', 'rename'],
  ['x', 'delete the selection (asks to confirm)'],
  ['n', 'new folder'],
  ['l', 'copy a direct link (file)'],
  ['R', 'refresh (bypass the cache)'],
];

export const SHARE_KEYS: [string, string][] = [
  ['↑ ↓ / k j', 'move'],
  ['Enter / p', 'open (text content; file details)'],
  ['l', 'copy the link'],
  ['x', 'delete (asks to confirm)'],
  ['n', 'new text share from $EDITOR (text shares)'],
  ['R', 'refresh'],
];

export const GLOBAL_KEYS: [string, string][] = [
  ['Tab / 1 2 3', 'switch view: Mounts, Text shares, File shares'],
  ['?', 'show / hide this help'],
  ['q / Ctrl-C', 'quit'],
];
