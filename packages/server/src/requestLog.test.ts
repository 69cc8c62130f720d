/**
 * The request log of a real server process whose stdout is a pipe (a log collector): lines are written
 * in batches, but a quiet server's line still arrives without more traffic, and the lines of requests
 * answered just before a stop are on stdout when the process has exited.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ServerInstance, startServerInstance } from './testing/serverInstance.ts';

let dataDir: string;
let server: ServerInstance;
let stdout = '';

test.before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'clip-reqlog-'));
  // A small web app: a page and one of its files.
  mkdirSync(join(dataDir, 'web/assets'), { recursive: true });
  writeFileSync(join(dataDir, 'web/index.html'), '<!doctype html><title>clip</title>');
  writeFileSync(join(dataDir, 'web/assets/app-1234.js'), 'console.log(1)');
  server = await startServerInstance({
    CLIP_PORT: '0',
    CLIP_HOST: '127.0.0.1',
    CLIP_DATA_DIR: dataDir,
    CLIP_WEB_DIR: join(dataDir, 'web'),
    CLIP_LOG_LEVEL: 'info',
    CLIP_ADMIN_USERNAME: 'admin',
    CLIP_ADMIN_PASSWORD: 'request-log-test-password',
    DATABASE_URL: '',
  });
  server.child.stdout?.on('data', (d) => {
    stdout += d;
  });
});
test.after(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const requestLines = (path: string) =>
  stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l))
    .filter((e) => e.msg === 'request' && e.path === path);

/** Waits until `check` holds (the server's flush timer runs on its own); fails after a generous bound. */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} never happened; stdout:\n${stdout}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('one request on a quiet server: its line arrives without further traffic', async () => {
  const res = await fetch(`${server.url}/api/health`);
  assert.is(res.status, 200);
  const id = res.headers.get('x-request-id');
  await until(() => requestLines('/api/health').some((e) => e.reqId === id), 'the request line');
  const [line] = requestLines('/api/health').filter((e) => e.reqId === id);
  assert.is(line.method, 'GET');
  assert.is(line.status, 200);
});

test("the web app's files are logged at debug, not info; pages and the API at info", async () => {
  for (const path of ['/assets/app-1234.js', '/mount-explorer/team', '/api/version'])
    assert.is((await fetch(`${server.url}${path}`)).status, 200, path);
  // Lines are written in order: once the last request's line is there, so would the asset's be.
  await until(() => requestLines('/api/version').length > 0, 'the API request line');
  assert.is(requestLines('/mount-explorer/team').length, 1, 'a page view is logged');
  assert.is(requestLines('/assets/app-1234.js').length, 0, 'an asset is not logged at info');
});

test('the lines of the last requests before a stop are written when the process exits', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${server.url}/api/version`);
    ids.push(res.headers.get('x-request-id') ?? '');
  }
  // 'close': the process has exited and its stdout is read to the end.
  const closed = new Promise((r) => server.child.once('close', r));
  server.child.kill('SIGTERM');
  await closed;
  const logged = new Set(requestLines('/api/version').map((e) => e.reqId));
  for (const id of ids) assert.ok(logged.has(id), `request ${id} was not logged`);
});

test.run();
