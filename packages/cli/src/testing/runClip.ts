/** Runs the real `bin/clip` in a child process, the way a user or a script would. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLIP_BIN = fileURLToPath(new URL('../../../../bin/clip', import.meta.url));

export interface ClipRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Written to stdin, which is then closed (stdin is always a pipe, never a terminal). */
  input?: string;
  env?: Record<string, string | undefined>;
  cwd?: string;
}

/** A private config home per test, so no test sees another's login. */
export interface Sandbox {
  configHome: string;
  run(args: string[], options?: RunOptions): Promise<ClipRun>;
  dispose(): Promise<void>;
}

/** The environment minus anything that would leak the developer's own clip setup into a test. */
function cleanEnv(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('CLIP_')) delete env[name];
  return env;
}

export function runClip(args: string[], options: RunOptions = {}): Promise<ClipRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(CLIP_BIN, args, {
      cwd: options.cwd,
      env: { ...cleanEnv(), ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    // A command that never reads stdin may be gone before the write lands (EPIPE, seen on a loaded
    // machine): what it printed and its exit code are the result, not the refused write.
    child.stdin.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') reject(err);
    });
    child.stdin.end(options.input ?? '');
  });
}

export async function createSandbox(server?: string): Promise<Sandbox> {
  const configHome = await mkdtemp(join(tmpdir(), 'clip-cli-test-'));
  return {
    configHome,
    run: (args, options = {}) =>
      runClip(args, {
        ...options,
        env: { XDG_CONFIG_HOME: configHome, ...(server ? { CLIP_SERVER: server } : {}), ...options.env },
      }),
    dispose: () => rm(configHome, { recursive: true, force: true }),
  };
}
