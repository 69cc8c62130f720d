/**
 * A real server process (`main.ts`) for tests that need several instances on one database, or a kill -9
 * and a restart: resolves once the process prints its listening URL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/**
 * How `npm start` runs the server (bin/clip-server): its Node flags and glibc's malloc thresholds (ADRs
 * 0033, 0036, 0084, 0086, 0088, 0095, 0098), so a process under test holds the memory a deployed one does.
 */
export const SERVER_NODE_ARGS = [
  '--max-semi-space-size=8',
  '--no-allocation-site-pretenuring',
  '--bytecode-old-age=2',
  '--expose-gc',
  '--disable-warning=ExperimentalWarning',
];
export const SERVER_MALLOC_ENV = {
  MALLOC_MMAP_THRESHOLD_: '8388608',
  MALLOC_TRIM_THRESHOLD_: '33554432',
  MALLOC_ARENA_MAX: '2',
};

export interface ServerInstance {
  child: ChildProcess;
  url: string;
  /** What the process printed so far (stdout and stderr). */
  output(): string;
}

export function startServerInstance(env: NodeJS.ProcessEnv): Promise<ServerInstance> {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, MAIN], {
    env: { ...SERVER_MALLOC_ENV, ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    // A deadline, not a wait: instances that start together on a fresh database queue for the one
    // that migrates it, which took over 60 s on a 2-core machine at load 12 (three starting at once).
    // One that never starts is killed: left running, it kept the test's process alive for the runner's
    // 15 minutes.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`instance did not start:\n${out}`));
    }, 180_000);
    const onData = (d: Buffer) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], output: () => out });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      // An instance that exits before it listens fails the start at once, not at the deadline.
      clearTimeout(timer);
      reject(new Error(`instance exited with ${code}:\n${out}`));
    });
  });
}

/** Runs a server process that is expected to refuse to start: its exit code and what it printed. */
export function startRefused(
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, MAIN], {
    env: { ...SERVER_MALLOC_ENV, ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d;
    // It started after all: stop it, and the caller sees the listening line.
    if (/listening on/.test(stdout)) child.kill('SIGKILL');
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Sends SIGTERM and resolves once the process has exited (no guessed delay). */
export function stopServerInstance({ child }: ServerInstance): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}
