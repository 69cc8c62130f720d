// Regenerates docs/screenshots/browse-*.txt: runs `clip browse` in tmux against a throwaway server with a
// few files and shares, and saves what the terminal shows at each step. Run: npx tsx e2e/terminal/captureScreens.ts
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { localMount, startTestServer } from '@clip/server/testing';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const SOCKET = `clip-capture-${process.pid}`;
const tmux = async (...args: string[]) => {
  const out = (await run('/usr/bin/tmux', ['-L', SOCKET, ...args])).stdout;
  // A tool, not a test: a pause after each key lets the screen settle before the next one.
  if (args[0] === 'send-keys') await new Promise((r) => setTimeout(r, 250));
  return out;
};
const screen = () => tmux('capture-pane', '-p', '-t', 'c');

async function until(pattern: RegExp): Promise<string> {
  const end = Date.now() + 30_000;
  for (;;) {
    const text = await screen();
    if (pattern.test(text)) return text;
    if (Date.now() > end) throw new Error(`timed out waiting for ${pattern}:\n${text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const server = await startTestServer();
const admin = await server.adminClient();
const home = await mkdtemp(join(tmpdir(), 'clip-capture-'));
try {
  await localMount(server, { path: '/disk', name: 'disk', root: 'disk' });
  await localMount(server, { path: '/photos', name: 'photos', root: 'photos' });
  await admin.fs.mkdir('/disk/projects');
  await admin.fs.mkdir('/disk/projects/clip');
  await admin.fs.update('/disk/projects/README.md', '# Projects\n\nNotes about the projects kept here.\n');
  await admin.fs.update('/disk/projects/todo.txt', 'ship the terminal browser\nwrite the docs\n');
  await admin.fs.update('/disk/projects/build.log', 'ok\n'.repeat(400));
  await admin.pastes.create({ content: 'echo hello', slug: 'hello-sh', title: 'hello script' });
  await admin.pastes.create({ content: 'meeting notes', slug: 'notes', title: 'meeting notes' });
  const shots: [string, string][] = [];
  await tmux(
    'new-session',
    '-d',
    '-s',
    'c',
    '-x',
    '90',
    '-y',
    '22',
    '-e',
    `XDG_CONFIG_HOME=${home}`,
    '-e',
    `CLIP_SERVER=${server.url}`,
    '-e',
    `CLIP_TOKEN=${await server.adminToken()}`,
    '-e',
    'PS1=$ ',
    'bash --norc --noprofile',
  );
  await tmux('send-keys', '-t', 'c', `clear; ${join(root, 'bin/clip')} browse`, 'Enter');
  shots.push(['mounts', await until(/photos\//)]);
  await tmux('send-keys', '-t', 'c', 'Enter');
  await until(/projects\//);
  await tmux('send-keys', '-t', 'c', 'Enter');
  await until(/todo\.txt/);
  await tmux('send-keys', '-t', 'c', 'j');
  await tmux('send-keys', '-t', 'c', 'Space');
  shots.push(['folder', await until(/1 selected/)]);
  await tmux('send-keys', '-t', 'c', 'j');
  await tmux('send-keys', '-t', 'c', 'j');
  await tmux('send-keys', '-t', 'c', 'p');
  shots.push(['preview', await until(/ship the terminal browser/)]);
  await tmux('send-keys', '-t', 'c', 'Escape');
  await new Promise((r) => setTimeout(r, 200));
  await tmux('send-keys', '-t', 'c', '?');
  shots.push(['help', await until(/Everywhere/)]);
  await tmux('send-keys', '-t', 'c', '?');
  await tmux('send-keys', '-t', 'c', 'c');
  await until(/this folder: \/disk\/projects\)/);
  await tmux('send-keys', '-t', 'c', 'h');
  shots.push(['picker', await until(/this folder: \/disk\)[\s\S]*projects\//)]);
  await tmux('send-keys', '-t', 'c', 'Escape');
  await until(/cancelled/);
  await tmux('send-keys', '-t', 'c', '2');
  shots.push(['text-shares', await until(/hello-sh/)]);
  await tmux('send-keys', '-t', 'c', 'q');
  for (const [name, text] of shots)
    await writeFile(join(root, 'docs/screenshots', `browse-${name}.txt`), `${text.trimEnd()}\n`);
} finally {
  await tmux('kill-server').catch(() => {});
  await server.close();
  await rm(home, { recursive: true, force: true });
}
