// @clip-databases sqlite postgres
// `clip browse` end to end in a real terminal: tmux runs bin/clip against a live server (a local mount
// and a text share); keys go in with send-keys and the screen comes back with capture-pane. Mount list,
// open, navigate, filter, help, select and delete, a resize, a copy through the folder picker, a share
// view, then q with exit code 0 and the terminal restored (the shell's screen back, alternate screen off,
// cursor visible).
import type { ClipClient } from '@clip/sdk';
import { localMount, startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLIP_BIN, startTmux, type TmuxSession } from './tmuxSession.ts';

let server: TestServer;
let admin: ClipClient;
let session: TmuxSession;
const tmux = (...args: string[]) => session.tmux(...args);
const screen = () => session.screen();
/** One send-keys per key (as typed, not pasted); a loaded machine may still deliver them as one read. */
const keys = async (...k: string[]) => {
  for (const key of k) await tmux('send-keys', '-t', 'clip', key);
};
/** Waits for the screen to match; a time-out names what was awaited. */
async function until(pattern: RegExp, what = String(pattern)): Promise<string> {
  try {
    return await session.until(pattern);
  } catch (err) {
    throw new Error(`waiting for ${what}: ${(err as Error).message}`);
  }
}

test.before(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
  await localMount(server, { path: '/disk', name: 'disk', root: 'disk' });
  await admin.fs.mkdir('/disk/docs');
  await admin.fs.update('/disk/docs/alpha.txt', 'alpha\n');
  await admin.fs.update('/disk/docs/bravo.txt', 'bravo\n');
  await admin.fs.update('/disk/keep.txt', 'keep\n');
  await admin.pastes.create({ content: 'shared words', slug: 'tmuxpaste', title: 'tmux paste' });
  session = await startTmux(server);
});

test.after(async () => {
  await session?.close();
  await server?.close();
});

test('browse: list, open, navigate, filter, help, select and delete, resize, shares, quit', async () => {
  await tmux(
    'send-keys',
    '-t',
    'clip',
    `clear; echo BEFORE-BROWSE; ${CLIP_BIN} browse; echo EXIT=$?`,
    'Enter',
  );
  await until(/1 Mounts\s+2 Text shares\s+3 File shares/);
  await until(/disk\//);
  assert.is((await tmux('display', '-p', '-t', 'clip', '#{alternate_on}')).trim(), '1');

  await keys('Enter');
  await until(/^\/disk\s*$/m, 'the /disk path line');
  await until(/keep\.txt/);
  await keys('Enter');
  await until(/alpha\.txt[\s\S]*bravo\.txt/);

  // Keys sent back to back can reach a busy app as one read ("/br"), which the list does not take as
  // "/"; the filter line must be open before the filter text goes in.
  await keys('/');
  await until(/^\/█/m, 'the filter line');
  await keys('b', 'r');
  await until(/\/br█/);
  const filtered = await screen();
  assert.not.match(filtered, /alpha\.txt/);
  await keys('Escape');
  await until(/alpha\.txt[\s\S]*bravo\.txt/);

  await keys('?');
  const help = await until(/Everywhere/);
  assert.match(help, /filter/);
  assert.match(help, /q Ctrl-C\s+quit/);
  await keys('?');
  await until(/alpha\.txt/);

  await keys('Space');
  await until(/1 selected/);
  await keys('x');
  await until(/delete \/disk\/docs\/alpha\.txt\? \(y\/n\)/);
  await keys('y');
  await until(/1 removed/);
  const left = (await admin.fs.list('/disk/docs')).items.map((i) => i.name);
  assert.equal(left, ['bravo.txt']);

  await tmux('resize-window', '-t', 'clip', '-x', '60', '-y', '15');
  const small = await until(/bravo\.txt/);
  // Re-laid out for 60 columns: the row keeps its name, size and time on one line (no wrapped 100-wide row).
  const row = small.split('\n').find((line) => line.includes('bravo.txt')) ?? '';
  assert.match(row, /bravo\.txt\s+6 B\s+\d{4}-\d\d-\d\d \d\d:\d\d$/, small);
  assert.ok(row.length <= 60 && row.length >= 50, row);
  assert.match(small, /1 Mounts/);
  await tmux('resize-window', '-t', 'clip', '-x', '100', '-y', '30');

  // c opens the folder picker at this folder; h goes up to /disk, whose first row (the folder itself)
  // Enter picks: bravo.txt is copied there through the server.
  await keys('c');
  await until(/this folder: \/disk\/docs\)/, 'the picker at /disk/docs');
  await keys('h');
  const picker = await until(/this folder: \/disk\)/, 'the picker at /disk');
  assert.match(picker, /copy \/disk\/docs\/bravo\.txt to \/disk\s*$/m);
  assert.not.match(picker, /keep\.txt/);
  await keys('Enter');
  await until(/1 copied/);
  assert.equal((await admin.fs.list('/disk')).items.map((i) => i.name).sort(), [
    'bravo.txt',
    'docs',
    'keep.txt',
  ]);

  await keys('h');
  await until(/keep\.txt/);
  await keys('2');
  await until(/tmuxpaste\s+tmux paste/);
  await keys('Enter');
  await until(/shared words/);
  await keys('Escape');

  await keys('q');
  const after = await until(/EXIT=\d+/);
  assert.match(after, /EXIT=0/);
  assert.match(after, /BEFORE-BROWSE/);
  assert.not.match(after, /1 Mounts/);
  assert.is((await tmux('display', '-p', '-t', 'clip', '#{alternate_on}')).trim(), '0');
  assert.is((await tmux('display', '-p', '-t', 'clip', '#{cursor_flag}')).trim(), '1');
});

test('`clip` alone on a terminal opens the browser; Ctrl-C quits with exit code 0 too', async () => {
  await tmux('send-keys', '-t', 'clip', `clear; ${CLIP_BIN}; echo EXIT=$?`, 'Enter');
  await until(/disk\//);
  await keys('C-c');
  const after = await until(/EXIT=\d+/);
  assert.match(after, /EXIT=0/);
  assert.is((await tmux('display', '-p', '-t', 'clip', '#{alternate_on}')).trim(), '0');
});

test.run();
