// @clip-databases sqlite postgres
// `clip browse` handles every key of one read (issue 33, item 18): key repeat and SSH deliver keys
// together, so "jj" must move twice and "j" then Enter must open the row j moved to. tmux writes each
// send-keys -l string to the terminal at once, so the app reads it as one chunk.
import { localMount, startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLIP_BIN, startTmux, type TmuxSession } from './tmuxSession.ts';

let server: TestServer;
let term: TmuxSession;

test.before(async () => {
  server = await startTestServer();
  const admin = await server.adminClient();
  await localMount(server, { path: '/disk', name: 'disk', root: 'disk' });
  for (const folder of ['a1', 'b2', 'c3']) {
    await admin.fs.mkdir(`/disk/${folder}`);
    await admin.fs.update(`/disk/${folder}/in-${folder}.txt`, `${folder}\n`);
  }
  term = await startTmux(server);
});

test.after(async () => {
  await term?.close();
  await server?.close();
});

test('keys that arrive in one read are each handled, in order', async () => {
  const { command, together, until } = term;
  await command(`clear; ${CLIP_BIN} browse; echo EXIT=$?`);
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
