// The README's first start, as a new user runs it: `npm start` spawned for real on a fresh data dir.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createServer, type Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { until } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = fileURLToPath(new URL('../..', import.meta.url));
const clipBin = join(root, 'bin', 'clip');
const dirs: string[] = [];
const children: ChildProcess[] = [];
/** Servers npm started, stopped by the cleanup too: a failed test must not leave one holding its pipes. */
const servers: number[] = [];

function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clip-firstrun-'));
  dirs.push(dir);
  return dir;
}

interface Run {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
}

/** Runs a command with the test's environment minus anything that would pick another database or admin. */
function run(command: string, args: string[], env: Record<string, string>): Run {
  const clean = { ...process.env };
  for (const k of Object.keys(clean)) if (k.startsWith('CLIP_') || k === 'DATABASE_URL') delete clean[k];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...clean, CLIP_SWEEP_INTERVAL_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  child.stdout?.on('data', (d) => {
    out += d;
    wake();
  });
  child.stderr?.on('data', (d) => {
    err += d;
    wake();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    out: () => out,
    err: () => err,
    exited,
    async waitFor(pattern) {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const m = pattern.exec(out);
        if (m) return m;
        if (child.exitCode !== null || Date.now() > deadline)
          throw new Error(`never printed ${pattern}; stdout:\n${out}\nstderr:\n${err}`);
        await Promise.race([new Promise<void>((r) => waiters.push(r)), exited, delay(1000)]);
      }
    },
  };
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

function npmStart(env: Record<string, string>): Run {
  return run('npm', ['start'], env);
}

async function listeningUrl(r: Run): Promise<string> {
  return (await r.waitFor(/clip is listening on (http:\/\/\S+)/))[1] as string;
}

async function login(url: string, username: string, password: string): Promise<Response> {
  return fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
}

async function portRefuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
    socket.connect(port, '127.0.0.1');
  });
}

async function takenPort(): Promise<Server> {
  const blocker = createServer();
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
  return blocker;
}

test.after(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const pid of servers) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already stopped.
    }
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test('a taken port fails in one line, creates no admin, and the next start prints a working password', async () => {
  const dataDir = freshDataDir();
  const blocker = await takenPort();
  const port = (blocker.address() as { port: number }).port;
  const failed = run('npm', ['start', '--silent'], { CLIP_PORT: String(port), CLIP_DATA_DIR: dataDir });
  const code = await failed.exited;
  blocker.close();
  assert.is.not(code, 0);
  assert.is(failed.err().trim(), `clip: port ${port} is in use; set CLIP_PORT`);
  assert.not.match(failed.out() + failed.err(), /password:|\n\s+at /);

  const started = npmStart({ CLIP_PORT: '0', CLIP_DATA_DIR: dataDir });
  const url = await listeningUrl(started);
  const password = (await started.waitFor(/password: (\S+)/))[1] as string;
  assert.is((await login(url, 'admin', password)).status, 200);
  started.child.kill('SIGTERM');
  assert.is(await started.exited, 0);
});

test('the banner comes after the server listens; request logs are JSON lines when not on a terminal', async () => {
  const started = npmStart({ CLIP_PORT: '0', CLIP_DATA_DIR: freshDataDir() });
  const url = await listeningUrl(started);
  await started.waitFor(/password: \S+/);
  assert.is((await fetch(`${url}/api/health`)).status, 200);
  const line = (await started.waitFor(/^\{.*"path":"\/api\/health".*\}$/m))[0];
  assert.is(JSON.parse(line).status, 200);
  // Nothing of the server's was written before it could answer.
  assert.ok(started.out().indexOf('clip is listening') < started.out().indexOf('"path":"/api/health"'));
  started.child.kill('SIGTERM');
  await started.exited;
});

test('SIGTERM to npm stops the server too (no orphan on the port) and lets a request in flight finish', async () => {
  const started = npmStart({
    CLIP_PORT: '0',
    CLIP_DATA_DIR: freshDataDir(),
    CLIP_ADMIN_PASSWORD: 'first-run-pass',
  });
  const url = await listeningUrl(started);
  const port = Number(new URL(url).port);
  const { token } = (await (await login(url, 'admin', 'first-run-pass')).json()).data;

  // A paste whose body is only half sent when the stop arrives. `Expect: 100-continue` makes the server
  // say when it has the headers and has started on the request: only then is the request in flight.
  const body = JSON.stringify({ content: 'x'.repeat(10_000) });
  const socket = new Socket();
  await new Promise<void>((r) => socket.connect(port, '127.0.0.1', r));
  let answer = '';
  socket.on('data', (d) => (answer += d));
  const closed = new Promise<void>((r) => socket.on('close', () => r()));
  socket.write(
    `POST /api/paste HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await until(() => answer.startsWith('HTTP/1.1 100 Continue\r\n\r\n'), 'the 100 Continue');
  socket.write(body.slice(0, 100));
  started.child.kill('SIGTERM');
  // The rest goes once the server has stopped listening (new connections are refused), so it is
  // still read and answered after the stop took effect.
  await until(() => portRefuses(port), 'the server to stop listening');
  assert.is(started.child.exitCode, null, 'the server waits for the request in flight');
  socket.end(body.slice(100));
  await closed;
  assert.match(answer, /^HTTP\/1.1 100 Continue\r\n\r\nHTTP\/1.1 201/);

  assert.is(await started.exited, 0);
  assert.ok(await portRefuses(port), 'the port is still held after npm exited');
});

test('clip admin reset-password sets a new password on the data dir and signs out old sessions', async () => {
  const dataDir = freshDataDir();
  const started = npmStart({ CLIP_PORT: '0', CLIP_DATA_DIR: dataDir, CLIP_ADMIN_PASSWORD: 'original-pass' });
  const url = await listeningUrl(started);
  const { token } = (await (await login(url, 'admin', 'original-pass')).json()).data;

  const reset = run(clipBin, ['admin', 'reset-password', '--data-dir', dataDir], {});
  assert.is(await reset.exited, 0, reset.err());
  const newPassword = reset.out().trim();
  assert.match(newPassword, /^\S{12,}$/);
  assert.is((await login(url, 'admin', 'original-pass')).status, 401);
  assert.is((await login(url, 'admin', newPassword)).status, 200);
  const old = await fetch(`${url}/api/test/admin-token`, { headers: { authorization: `Bearer ${token}` } });
  assert.is(old.status, 401);

  const unknown = run(clipBin, ['admin', 'reset-password', 'nobody', '--data-dir', dataDir], {});
  assert.is(await unknown.exited, 2);
  assert.is(unknown.err().trim(), 'clip: no administrator named "nobody" (administrators: admin)');
  started.child.kill('SIGTERM');
  await started.exited;
});

/** The command line of the process npm started for `npm start` (npm's child, after the launcher's exec). */
function serverCommandLine(npm: ChildProcess): string {
  const children = readFileSync(`/proc/${npm.pid}/task/${npm.pid}/children`, 'utf8').trim().split(/\s+/);
  assert.is(children.length, 1, 'npm started one process');
  servers.push(Number(children[0]));
  return readFileSync(`/proc/${children[0]}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
}

test('npm start serves from the prebuilt bundle while it is current, from the source when a source file is newer', async () => {
  execFileSync(process.execPath, [join(root, 'bin', 'build-server-bundle.mjs')], { stdio: 'inherit' });
  const stamp = join(root, 'packages', 'server', '.bundle', 'built');

  const bundled = npmStart({
    CLIP_PORT: '0',
    CLIP_DATA_DIR: freshDataDir(),
    CLIP_ADMIN_PASSWORD: 'bundle-pass',
  });
  const url = await listeningUrl(bundled);
  assert.match(serverCommandLine(bundled.child), /\/packages\/server\/\.bundle\/main\.js$/);
  // Code behind the bundle's lazy imports (key management loads objection on first use) still runs.
  const { token } = (await (await login(url, 'admin', 'bundle-pass')).json()).data;
  const key = await fetch(`${url}/api/admin/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bundle' }),
  });
  assert.is(key.status, 201, await key.text());
  bundled.child.kill('SIGTERM');
  assert.is(await bundled.exited, 0);

  // A stamp older than the source files is what an edit after the build looks like to the launcher.
  const built = statSync(stamp);
  utimesSync(stamp, built.atime, new Date(0));
  try {
    const fromSource = npmStart({ CLIP_PORT: '0', CLIP_DATA_DIR: freshDataDir() });
    const sourceUrl = await listeningUrl(fromSource);
    assert.match(serverCommandLine(fromSource.child), /\/packages\/server\/src\/main\.ts$/);
    assert.is((await fetch(`${sourceUrl}/api/health`)).status, 200);
    fromSource.child.kill('SIGTERM');
    assert.is(await fromSource.exited, 0);
  } finally {
    utimesSync(stamp, built.atime, built.mtime);
  }
});

test.run();
