// Starts the servers under test as separate processes (never in the load generator's process) and
// stops them by pid. The clip server is started with `node` directly so the pid is the server's own.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { node24, REFERENCE_KOA, ROOT, SERVER_BUNDLE_MAIN, SERVER_MAIN } from './paths.mjs';

export const BENCH_ADMIN = { username: 'admin', password: 'bench-admin-password' };

/** A port nobody listens on right now (the OS picks it; we release it for the server to take). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls a URL until it answers 2xx, or fails with the process's output when it dies or times out. */
export async function waitForHttp(url, child, output, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process exited with ${child.exitCode} before ${url} answered:\n${output()}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${output()}`);
}

/** Polls a process's output until it matches `pattern`. */
async function waitForOutput(pattern, child, output, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(output())) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}:\n${output()}`);
    if (Date.now() > deadline)
      throw new Error(`no ${pattern} in the output within ${timeoutMs} ms:\n${output()}`);
    await sleep(50);
  }
}

/** Sends SIGTERM, then SIGKILL if the process has not exited after `graceMs`. */
export async function stopProcess(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.exitCode === null && process.kill(child.pid, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** The server's Node settings, shared by bin/clip-server (`npm start`) and `clip serve`. */
const serverNodeSettings = () => readFileSync(join(ROOT, 'bin/lib/server-node.sh'), 'utf8').split('\n');

/**
 * The Node flags `npm start` gives the server (the `server_node_flags=(...)` line of bin/lib/server-node.sh),
 * so the benchmarks measure the server as it is started, not a bare `node main.ts`.
 */
export function serverNodeFlags() {
  const line = serverNodeSettings().find((l) => l.startsWith('server_node_flags=('));
  if (!line) throw new Error('bin/lib/server-node.sh has no `server_node_flags=(...)` line');
  return line.slice('server_node_flags=('.length, -1).split(/\s+/);
}

/**
 * The environment defaults the server gets (`export NAME="${NAME:-value}"` lines of bin/lib/server-node.sh,
 * e.g. glibc's MALLOC_MMAP_THRESHOLD_, ADR 0033): as there, a value already in the environment wins.
 */
export function serverEnvDefaults() {
  const env = {};
  for (const line of serverNodeSettings()) {
    const m = /^export (\w+)="\$\{(\w+):-([^}]*)\}"$/.exec(line);
    if (m && m[1] === m[2]) env[m[1]] = m[3];
  }
  return env;
}

function spawnServer(args, env) {
  const child = spawn(node24(), args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  // BENCH_SERVER_OUTPUT=<prefix>: also writes all of the process's output to <prefix>.<pid> (e.g. the
  // --trace-gc-nvp lines, which outgrow the 20 KB kept in memory).
  const out = process.env.BENCH_SERVER_OUTPUT;
  const file = out ? createWriteStream(`${out}.${child.pid}`) : null;
  const keep = (d) => {
    log = (log + d).slice(-20_000);
    file?.write(d);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('exit', () => file?.end());
  return { child, output: () => log };
}

let bundleBuilt = false;
/**
 * The server entry `npm start` runs: its bundle, built once per benchmark run so it is current
 * (BENCH_SERVER_SOURCE=1: the TypeScript source instead).
 */
function serverEntry() {
  if (process.env.BENCH_SERVER_SOURCE) return SERVER_MAIN;
  if (!bundleBuilt) execFileSync(node24(), [join(ROOT, 'bin/build-server-bundle.mjs')], { stdio: 'inherit' });
  bundleBuilt = true;
  return SERVER_BUNDLE_MAIN;
}

/**
 * Starts the server as `npm start` does (serverEntry) on a free port with a fresh data dir (SQLite + local
 * storage unless `env.DATABASE_URL` is given). Answers { url, pid, dataDir, admin, output(), stop() }.
 * `entry`: another build of the server (an A/B against a copy of the bundle made before a change).
 */
export async function startClip(env = {}, { entry } = {}) {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'clip-bench-'));
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server into <dir> when it stops.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  // BENCH_NODE_FLAGS="--trace-gc ..." passes V8/Node flags NODE_OPTIONS refuses (its output: clip.output()).
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const { child, output } = spawnServer(
    [...profile, ...serverNodeFlags(), ...flags, entry ?? serverEntry()],
    {
      ...serverEnvDefaults(),
      ...process.env,
      CLIP_PORT: String(port),
      CLIP_HOST: '127.0.0.1',
      CLIP_DATA_DIR: dataDir,
      CLIP_LOG_LEVEL: 'warn',
      CLIP_ADMIN_USERNAME: BENCH_ADMIN.username,
      CLIP_ADMIN_PASSWORD: BENCH_ADMIN.password,
      CLIP_SWEEP_INTERVAL_MS: '60000',
      ...env,
    },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/api/health`, child, output);
    // The server answers before it has made the first admin; its banner comes once it has.
    // Not "Debugger listening on ws://..." of a server started with --inspect (bench/request-allocations.mjs).
    await waitForOutput(/clip is listening on/, child, output);
  } catch (err) {
    await stopProcess(child);
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    name: 'clip',
    url,
    pid: child.pid,
    dataDir,
    admin: BENCH_ADMIN,
    output,
    async stop() {
      await stopProcess(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The server's default settings, request log included (one JSON line per request on stdout, which the
 * benchmark reads): what the request-path benchmarks measure. Others run at `warn`.
 */
export const DEFAULT_LOGGING = { CLIP_LOG_LEVEL: 'info' };
export const DEFAULT_LOGGING_TEXT =
  'default settings including the request log (CLIP_LOG_LEVEL=info, stdout read by the benchmark)';

/** Starts the bare Koa hello-world (bench/reference/bareKoa.mjs) in its own process (`flags`: Node's). */
export async function startReference({ flags = [] } = {}) {
  const port = await freePort();
  const { child, output } = spawnServer([...flags, REFERENCE_KOA], { ...process.env, PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url, child, output);
  return { name: 'bare Koa', url, pid: child.pid, output, stop: () => stopProcess(child) };
}

/**
 * Starts clip and the bare Koa reference, runs `work({ clip, reference })`, and stops both whatever
 * happens. The reference stays idle while clip is measured and the other way round.
 */
export async function withServers(work, clipEnv = {}) {
  const clip = await startClip(clipEnv);
  let reference;
  try {
    reference = await startReference();
    return await work({ clip, reference });
  } finally {
    await reference?.stop();
    await clip.stop();
  }
}
