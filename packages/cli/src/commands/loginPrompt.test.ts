// @clip-databases sqlite postgres
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestServer, TEST_ADMIN, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLIP_BIN, createSandbox, type Sandbox } from '../testing/runClip.ts';

let server: TestServer;
let box: Sandbox;

test.before(async () => {
  server = await startTestServer();
  box = await createSandbox();
});
test.after(async () => {
  await box?.dispose();
  await server?.close();
});

/**
 * Runs clip on a real terminal (util-linux `script` allocates the pty) and types each answer once
 * its prompt has appeared, as a person would. Answers what the terminal showed and the exit code.
 */
function onTerminal(
  args: string[],
  answers: [prompt: string, reply: string][],
): Promise<{ screen: string; code: number | null }> {
  const command = [CLIP_BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env: {
      ...process.env,
      XDG_CONFIG_HOME: box.configHome,
      CLIP_SERVER: '',
      CLIP_API_KEY: '',
      CLIP_TOKEN: '',
    },
  });
  let screen = '';
  let seen = 0;
  const pending = [...answers];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    screen += chunk;
    // Answer each prompt once, in order, only after it has been shown.
    while (pending.length > 0) {
      const at = screen.indexOf(pending[0][0], seen);
      if (at < 0) break;
      seen = at + pending[0][0].length;
      child.stdin.write(`${pending.shift()?.[1]}\r`);
    }
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ screen, code })));
}

test('login prompts for username and password on a terminal, without echoing the password', async () => {
  const { screen, code } = await onTerminal(
    ['--server', server.url, 'login'],
    [
      ['Username: ', TEST_ADMIN.username],
      ['Password: ', TEST_ADMIN.password],
    ],
  );
  assert.is(code, 0, screen);
  assert.match(screen, 'Username: ');
  assert.match(screen, `logged in to ${server.url} as admin`);
  assert.not.match(screen, TEST_ADMIN.password);
  const config = JSON.parse(await readFile(join(box.configHome, 'clip', 'config.json'), 'utf8'));
  assert.is(config.server, server.url);
  assert.ok(config.token);
});

test('login --api-key without a value asks for the key, unechoed', async () => {
  const { key } = await server.keyClient({ text: true });
  const { screen, code } = await onTerminal(
    ['--server', server.url, 'login', '--api-key'],
    [['API key: ', key]],
  );
  assert.is(code, 0, screen);
  assert.match(screen, /logged in to .* with API key/);
  assert.not.match(screen, key);
});

test.run();
