// @clip-databases sqlite postgres
// `clip browse` handles every key of one read (issue 33, item 18): key repeat and SSH deliver keys
// together, so "jj" must move twice and "j" then Enter must open the row j moved to. tmux writes each
// send-keys -l string to the terminal at once, so the app reads it as one chunk.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { localMount, startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const run = promisify(execFile);
const CLIP_BIN = fileURLToPath(new URL('../../bin/clip', import.meta.url));
const SOCKET = `clip-keys-${process.pid}`;
const tmux = async (...args: string[]) => (await run('/usr/bin/tmux', ['-L', SOCKET, ...args])).stdout;
const screen = () => tmux('capture-pane', '-p', '-t', 'clip');
/** Several keys in one write, as key repeat or an SSH connection delivers them. */
const together = (text: string) => tmux('send-keys', '-t', 'clip', '-l', text);

async function until(pattern: RegExp, timeoutMs = 30_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const text = await screen();
    if (pattern.test(text)) return text;
    if (Date.now() > end) throw new Error(`timed out waiting for ${pattern}; screen:\n${text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let server: TestServer;
let home: string;

test.before(async () => {
  server = await startTestServer();
  const admin = await server.adminClient();
  home = await mkdtemp(join(tmpdir(), 'clip-keys-'));
  await localMount(server, { path: '/disk', name: 'disk', root: 'disk' });
  for (const folder of ['a1', 'b2', 'c3']) {
    await admin.fs.mkdir(`/disk/${folder}`);
    await admin.fs.update(`/disk/${folder}/in-${folder}.txt`, `${folder}\n`);
  }
  await tmux(
    'new-session',
    '-d',
    '-s',
    'clip',
    '-x',
    '100',
    '-y',
    '30',
    '-e',
    `XDG_CONFIG_HOME=${home}`,
    '-e',
    `CLIP_SERVER=${server.url}`,
    '-e',
    `CLIP_TOKEN=${await server.adminToken()}`,
    '-e',
    'PS1=$ ',
    '-e',
    'TERM=xterm-256color',
    'bash --norc --noprofile',
  );
});

test.after(async () => {
  await tmux('kill-server').catch(() => {});
  await server?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

test('keys that arrive in one read are each handled, in order', async () => {
  await tmux('send-keys', '-t', 'clip', `clear; ${CLIP_BIN} browse; echo EXIT=$?`, 'Enter');
  await until(/disk\//);
  await together('\r');
  await until(/a1\/[\s\S]*b2\/[\s\S]*c3\//);

  await together('jj\r');
  await until(/in-c3\.txt/);
  await together('h');
  await until(/a1\/[\s\S]*c3\//);

  await together('j\r');
  await until(/in-b2\.txt/);
  await together('h');
  await until(/a1\/[\s\S]*c3\//);

  // Arrow keys (escape sequences) then Enter, in one read.
  await together('\x1b[B\x1b[B\x1b[A\r');
  await until(/in-b2\.txt/);

  await together('q');
  assert.match(await until(/EXIT=\d+/), /EXIT=0/);
});

test.run();
