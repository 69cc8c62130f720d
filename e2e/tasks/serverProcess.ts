/** Real server processes for the task tests: started with `node main.ts`, stopped or killed by pid. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { SERVER_MALLOC_ENV, SERVER_NODE_ARGS } from '@clip/server/testing';
import pg from 'pg';

const mainTs = fileURLToPath(new URL('../../packages/server/src/main.ts', import.meta.url));
const adminUrl = process.env.CLIP_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export const ADMIN_PASSWORD = 'tasks-e2e-password';

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Peak resident memory so far (VmHWM), bytes. */
  peakRss(): Promise<number>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Peak resident memory of process `pid` so far (VmHWM), bytes. */
export async function peakRssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

export async function startServerProcess(options: {
  dataDir: string;
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, mainTs], {
    env: {
      ...SERVER_MALLOC_ENV,
      ...process.env,
      CLIP_PORT: '0',
      CLIP_HOST: '127.0.0.1',
      CLIP_DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      CLIP_SECRET: 'tasks-e2e-secret-0123456789',
      CLIP_ADMIN_USERNAME: 'admin',
      CLIP_ADMIN_PASSWORD: ADMIN_PASSWORD,
      CLIP_LOG_LEVEL: 'warn',
      CLIP_TASK_POLL_MS: '200',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
    child.stdout!.on('data', (d) => {
      output += d;
      const m = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.stderr!.on('data', (d) => {
      output += d;
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    pid: child.pid!,
    child,
    peakRss: () => peakRssOf(child.pid!),
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A fresh Postgres database for one test file (three processes must share one). */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `clip_tasks_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Runs one query on `databaseUrl` on a connection of its own (the tests' look at tasks and items). */
export async function sqlOn<T>(databaseUrl: string, query: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query(query, values)).rows as T[];
  } finally {
    await c.end();
  }
}

export async function until<T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 120_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
