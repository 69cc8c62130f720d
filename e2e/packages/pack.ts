/** Packing workspace packages with npm and installing the tarballs, as a user would (issue 17). */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The environment of a user's shell: no workspace `source` condition, no npm script variables. */
export function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!k.startsWith('npm_') && k !== 'NODE_OPTIONS' && k !== 'INIT_CWD') env[k] = v;
  return { ...env, NO_COLOR: '1', ...extra };
}

export function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = userEnv()): string {
  return execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 240_000,
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Test files run in parallel and prepack rebuilds `dist/` in place (the CLI's build reads the SDK's
 * types from its dist): one pack at a time (a lock directory holding the owner's pid; a dead owner's
 * lock is taken over).
 */
async function withPackLock<T>(fn: () => Promise<T>): Promise<T> {
  const lock = join(ROOT, '.tmp', 'pack.lock');
  await mkdir(join(ROOT, '.tmp'), { recursive: true });
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      const owner = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => '0'));
      if (owner && !alive(owner)) await rm(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`${lock} held for 4 minutes by pid ${owner}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** `npm pack` of a workspace package (its prepack builds it); answers the tarball's path. */
export async function pack(workspace: string, destination: string): Promise<string> {
  return withPackLock(() => packNow(workspace, destination));
}

async function packNow(workspace: string, destination: string): Promise<string> {
  // npm runs the package's prepack on the project's Node (npm scripts put node_modules/.bin first).
  const env = userEnv({ PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}` });
  const out = npm(['pack', '--json', '--pack-destination', destination], join(ROOT, workspace), env);
  const [{ filename }] = JSON.parse(out.slice(out.indexOf('['))) as { filename: string }[];
  return join(destination, filename.replace(/^@/, '').replace('/', '-'));
}

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** Installs from the local npm cache; the registry is asked only for what the cache lacks. */
export function installArgs(): string[] {
  return ['--prefer-offline'];
}

/** uvu reports a failed hook without its error: print it (npm's stderr included) before failing. */
export async function reportingSetUp(setUp: () => Promise<void>): Promise<void> {
  try {
    await setUp();
  } catch (err) {
    console.error('set-up failed:', err, (err as { stderr?: string }).stderr ?? '');
    throw err;
  }
}
