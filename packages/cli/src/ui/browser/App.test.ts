// The browser's components with ink-testing-library, over an in-memory backend (the end-to-end run over a
// real server in a real terminal is browser.e2e.test.ts): views, navigation, filter, help, selection and
// delete, prompts, preview, share views.
import type { FsItem } from '@clip/sdk';
import { render } from 'ink-testing-library';
import { createElement as h } from 'react';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { App } from './App.ts';
import type { BrowserBackend, ShareRow } from './backend.ts';

const ENTER = '\r';
const BACKSPACE = '\u007F';
const ESC = '\u001B';

/** A tiny file tree in memory; records what the app asked for. */
function memoryBackend() {
  const files = new Map<string, string>([
    ['/disk/docs/readme.md', '# hello\nsecond line'],
    ['/disk/docs/photo.jpg', 'JPEG'],
    ['/disk/notes.txt', 'notes'],
    ['/s3/a.bin', 'bin'],
  ]);
  const folders = new Set(['/disk', '/disk/docs', '/s3']);
  const texts: ShareRow[] = [
    { id: 't1', slug: 'abc', title: 'first', detail: 'text', url: 'http://x/paste/abc' },
  ];
  const calls: string[] = [];
  const item = (path: string): FsItem => {
    const isFolder = folders.has(path);
    return {
      name: path.split('/').pop() ?? '',
      path,
      type: isFolder ? 'folder' : path.endsWith('.jpg') ? 'image' : 'document',
      size: isFolder ? null : (files.get(path)?.length ?? 0),
      modified: isFolder ? null : '2026-01-02T03:04:05.000Z',
      etag: null,
      mimetype: isFolder ? null : path.endsWith('.jpg') ? 'image/jpeg' : 'text/markdown',
      is_mount: path.split('/').length === 2,
    };
  };
  const children = (folder: string) =>
    [...folders, ...files.keys()]
      .filter((p) => p.startsWith(folder === '/' ? '/' : `${folder}/`) && p !== folder)
      .filter((p) => !p.slice(folder === '/' ? 1 : folder.length + 1).includes('/'))
      .sort();
  const backend: BrowserBackend = {
    async list(path) {
      calls.push(`list ${path}`);
      if (path !== '/' && !folders.has(path)) throw new Error(`${path}: not found`);
      return children(path).map(item);
    },
    async previewText(path) {
      return files.get(path) ?? '';
    },
    async download(path, dest) {
      calls.push(`download ${path} ${dest}`);
      return dest;
    },
    async upload(local, folder) {
      calls.push(`upload ${local} ${folder}`);
      files.set(`${folder}/${local.split('/').pop()}`, 'x');
    },
    async copy(paths, folder) {
      calls.push(`copy ${paths.join(',')} ${folder}`);
      return `${paths.length} copied`;
    },
    async move(paths, folder) {
      calls.push(`move ${paths.join(',')} ${folder}`);
      return `${paths.length} moved`;
    },
    async rename(path, newPath) {
      files.set(newPath, files.get(path) ?? '');
      files.delete(path);
    },
    async remove(paths) {
      for (const p of paths) files.delete(p);
      calls.push(`remove ${paths.join(',')}`);
      return `${paths.length} removed`;
    },
    async mkdir(path) {
      folders.add(path);
    },
    async link(path) {
      return `http://x/link${path}`;
    },
    async textShares() {
      return texts;
    },
    async fileShares() {
      return [{ id: 'f1', slug: 'fil', title: 'photo.jpg', detail: 'image/jpeg', url: 'http://x/file/fil' }];
    },
    async shareContent(_kind, row) {
      return `content of ${row.slug}`;
    },
    async removeShare(_kind, id) {
      calls.push(`removeShare ${id}`);
      texts.splice(
        texts.findIndex((t) => t.id === id),
        1,
      );
    },
    async createTextShare(content) {
      texts.push({ id: 't2', slug: 'new', title: content.trim(), detail: 'text', url: 'http://x/paste/new' });
      return 'http://x/paste/new';
    },
  };
  return { backend, calls, files };
}

async function until(
  frame: () => string | undefined,
  pattern: RegExp,
  what = String(pattern),
): Promise<string> {
  // A deadline, not a duration: generous, for a loaded machine.
  const end = Date.now() + 30_000;
  for (;;) {
    const text = frame() ?? '';
    if (pattern.test(text)) return text;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last frame:\n${text}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function start() {
  const mem = memoryBackend();
  const clipboard: string[] = [];
  const app = render(
    h(App, {
      backend: mem.backend,
      editText: async () => 'from the editor\n',
      setClipboard: (t: string) => clipboard.push(t),
      cwd: '/tmp/dl',
    }),
  );
  const press = async (...keys: string[]) => {
    for (const k of keys) {
      app.stdin.write(k);
      // Ink holds a lone Esc for 20 ms (to tell it from Alt-<key>); a later timer in the same event loop
      // always fires after Ink's, so the next key is never merged with it, however loaded the machine.
      await new Promise((r) => setTimeout(r, k === ESC ? 150 : 15));
    }
  };
  return { ...mem, app, press, clipboard, frame: () => app.lastFrame() ?? '' };
}

test('mount list, open, navigate down and up, status line with the path', async () => {
  const t = start();
  await until(t.frame, /disk\//);
  assert.match(t.frame(), /1 Mounts/);
  await t.press(ENTER);
  await until(t.frame, /^\/disk\s*$/m);
  await until(t.frame, /docs\//);
  assert.match(t.frame(), /notes\.txt/);
  await t.press('l');
  await until(t.frame, /readme\.md/);
  await t.press(BACKSPACE);
  await until(t.frame, /notes\.txt/);
  await t.press('h');
  await until(t.frame, /s3\//);
  t.app.unmount();
});

test('filter narrows the folder; Esc clears it; help lists every key', async () => {
  const t = start();
  await until(t.frame, /disk\//);
  await t.press(ENTER);
  // Wait for the folder's listing before the next key: keys pressed while it loads are not for it.
  await until(t.frame, /^\s+docs\/\s*$/m);
  await t.press('l');
  await until(t.frame, /readme\.md/);
  await t.press('/', 'p', 'h', 'o');
  await until(t.frame, /\/pho█/);
  assert.not.match(t.frame(), /readme\.md/);
  await t.press(ENTER);
  await until(t.frame, /filter: pho/);
  await t.press('/', ESC);
  await until(t.frame, /readme\.md/);
  await t.press('?');
  const help = await until(t.frame, /Everywhere/);
  for (const key of [
    'Mounts',
    'space',
    'Backspace',
    'filter',
    'preview',
    'download',
    'upload',
    'copy sel',
    'move sel',
    'rename',
    'delete sel',
    'new folder',
    'refresh',
    'q Ctrl-C',
    'Tab',
  ])
    assert.ok(help.includes(key), `${key} in\n${help}`);
  await t.press('?');
  await until(t.frame, /readme\.md/);
  t.app.unmount();
});

test('select two with space, x asks, n keeps them, y deletes both', async () => {
  const t = start();
  await until(t.frame, /disk\//);
  await t.press(ENTER);
  // Wait for the folder's listing before the next key: keys pressed while it loads are not for it.
  await until(t.frame, /^\s+docs\/\s*$/m);
  await t.press('l');
  await until(t.frame, /readme\.md/);
  await t.press(' ', ' ');
  await until(t.frame, /2 selected/);
  await t.press('x');
  await until(t.frame, /delete 2 items\? \(y\/n\)/);
  await t.press('n');
  await until(t.frame, /cancelled/);
  await t.press('x');
  await until(t.frame, /\(y\/n\)/);
  await t.press('y');
  await until(t.frame, /2 removed/);
  assert.ok(t.calls.includes('remove /disk/docs/photo.jpg,/disk/docs/readme.md'), t.calls.join('\n'));
  t.app.unmount();
});

test('prompts: new folder, rename, copy, download; preview; link to the clipboard', async () => {
  const t = start();
  await until(t.frame, /disk\//);
  await t.press(ENTER);
  await until(t.frame, /notes\.txt/);
  await t.press('n', 'n', 'e', 'w', ENTER);
  await until(t.frame, /created \/disk\/new/);
  await until(t.frame, /new\//);
  await t.press('j', 'j');
  await t.press('r');
  await until(t.frame, /rename notes\.txt to: notes\.txt█/);
  await t.press(BACKSPACE, BACKSPACE, BACKSPACE, 'm', 'd', ENTER);
  await until(t.frame, /renamed to notes\.md/);
  // The reloaded listing, not only the status line: c acts on the row under the cursor.
  await until(t.frame, /^\s+notes\.md\s/m, 'the renamed row');
  await t.press('c');
  await until(t.frame, /^\s+\. \(this folder: \/disk\)/m, 'the picker at /disk');
  await t.press(ENTER);
  await until(t.frame, /1 copied/);
  assert.ok(t.calls.includes('copy /disk/notes.md /disk'), t.calls.join('\n'));
  await t.press('d', ENTER);
  await until(t.frame, /saved \/tmp\/dl\/notes\.md/);
  await t.press('p');
  await until(t.frame, /── notes\.md ──/);
  await t.press(ESC, 'l');
  await until(t.frame, /link copied: http:\/\/x\/link\/disk\/notes\.md/);
  assert.equal(t.clipboard, ['http://x/link/disk/notes.md']);
  t.app.unmount();
});

test('c opens a folder picker: h goes up, j moves, Enter picks; the copy goes to the picked folder', async () => {
  const t = start();
  await until(t.frame, /disk\//);
  await t.press(ENTER);
  await until(t.frame, /^\s+docs\/\s*$/m);
  await t.press('l');
  await until(t.frame, /readme\.md/);
  await t.press(' ', ' ');
  await until(t.frame, /2 selected/);
  await t.press('c');
  const opened = await until(t.frame, /this folder: \/disk\/docs/, 'the picker at /disk/docs');
  assert.match(opened, /copy 2 items to \/disk\/docs/);
  // Folders only: the files of the folder are not targets.
  assert.not.match(opened, /readme\.md/);
  await t.press('h');
  await until(t.frame, /^\s+docs\/\s*$/m, 'the picker at /disk');
  assert.not.match(t.frame(), /notes\.txt/);
  await t.press('h');
  await until(t.frame, /^\s+s3\/\s*$/m, 'the picker at the mounts');
  await t.press('j');
  await until(t.frame, /copy 2 items to \/s3/);
  await t.press(ENTER);
  await until(t.frame, /2 copied/);
  assert.ok(t.calls.includes('copy /disk/docs/photo.jpg,/disk/docs/readme.md /s3'), t.calls.join('\n'));
  // Back in the list where it was, selection cleared.
  await until(t.frame, /^\/disk\/docs\s*$/m);
  assert.not.match(t.frame(), /selected/);
  t.app.unmount();
});

test('m: the picker opens a subfolder with l and picks it; Esc cancels; t takes a typed path', async () => {
  const t = start();
  await until(t.frame, /disk\//);
  await t.press(ENTER);
  await until(t.frame, /notes\.txt/);
  await t.press('j', 'j');
  await until(t.frame, /^\s+\S*\s*notes\.txt/m);
  await t.press('m');
  await until(t.frame, /move \/disk\/notes\.txt to \/disk$/m);
  await t.press(ESC);
  await until(t.frame, /cancelled/);
  assert.not.ok(
    t.calls.some((c) => c.startsWith('move')),
    t.calls.join('\n'),
  );

  await t.press('m');
  await until(t.frame, /this folder: \/disk\)/);
  await t.press('j', 'l');
  await until(t.frame, /this folder: \/disk\/docs\)/);
  await t.press(ENTER);
  await until(t.frame, /1 moved/);
  assert.ok(t.calls.includes('move /disk/notes.txt /disk/docs'), t.calls.join('\n'));

  await t.press('m');
  await until(t.frame, /this folder: \/disk\)/);
  await t.press('t');
  await until(t.frame, /folder: \/disk█/);
  await t.press('/', 'n', 'e', 'w', ENTER);
  await until(t.frame, /1 moved/);
  assert.ok(
    t.calls.some((c) => c.endsWith(' /disk/new')),
    t.calls.join('\n'),
  );
  t.app.unmount();
});

test('share views: text shares open, copy link, new from the editor, delete; file shares list', async () => {
  const t = start();
  await until(t.frame, /disk\//);
  await t.press('2');
  await until(t.frame, /abc\s+first/);
  await t.press(ENTER);
  await until(t.frame, /content of abc/);
  await t.press(ESC, 'l');
  await until(t.frame, /link copied: http:\/\/x\/paste\/abc/);
  await t.press('n');
  await until(t.frame, /created http:\/\/x\/paste\/new/);
  await until(t.frame, /new\s+from the editor/);
  await t.press('x');
  await until(t.frame, /delete text share abc\?/);
  await t.press('y');
  await until(t.frame, /deleted abc/);
  await t.press('\t');
  await until(t.frame, /fil\s+photo\.jpg/);
  t.app.unmount();
});

test.run();
