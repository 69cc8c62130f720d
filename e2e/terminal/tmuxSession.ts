/** A tmux session running a shell against a test server, for driving `clip browse` in a real terminal. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestServer } from '@clip/server/testing';

const run = promisify(execFile);
export const CLIP_BIN = fileURLToPath(new URL('../../bin/clip', import.meta.url));

export interface TmuxSession {
  tmux(...args: string[]): Promise<string>;
  screen(): Promise<string>;
  /** Types a shell command line and Enter. */
  command(line: string): Promise<void>;
  /** Several keys in one write, as key repeat or an SSH connection delivers them. */
  together(text: string): Promise<string>;
  until(pattern: RegExp, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

export async function startTmux(server: TestServer, size = { columns: 100, rows: 30 }): Promise<TmuxSession> {
  const socket = `clip-e2e-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const home = await mkdtemp(join(tmpdir(), 'clip-tmux-'));
  const tmux = async (...args: string[]) => (await run('/usr/bin/tmux', ['-L', socket, ...args])).stdout;
  const screen = () => tmux('capture-pane', '-p', '-t', 'clip');
  await tmux(
    'new-session',
    '-d',
    '-s',
    'clip',
    '-x',
    String(size.columns),
    '-y',
    String(size.rows),
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
    '-e',
    'LANG=C.UTF-8',
    'bash --norc --noprofile',
  );
  return {
    tmux,
    screen,
    command: async (line) => {
      await tmux('send-keys', '-t', 'clip', line, 'Enter');
    },
    together: (text) => tmux('send-keys', '-t', 'clip', '-l', text),
    async until(pattern, timeoutMs = 30_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const text = await screen();
        if (pattern.test(text)) return text;
        if (Date.now() > end) throw new Error(`timed out waiting for ${pattern}; screen:\n${text}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await tmux('kill-server').catch(() => {});
      await rm(home, { recursive: true, force: true });
    },
  };
}
