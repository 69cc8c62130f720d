/**
 * The server processes a task suite runs against, on one fresh Postgres database. By default each
 * process is answered at its own address (serverProcess.ts); a `*.cluster.test.ts` file that imports
 * e2e/cluster/fleetTarget.ts first makes every fleet a cluster instead (three processes behind HAProxy,
 * every client through the balancer), so the same suite runs both ways.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClipClient } from '@clip/sdk';
import { ADMIN_PASSWORD, createPostgresDatabase, startServerProcess } from './serverProcess.ts';

export interface Fleet {
  databaseUrl: string;
  /** How many processes run (a cluster runs three whatever was asked). */
  size: number;
  /** An administrator's client "for process i": its own address, or the balancer in a cluster. */
  adminClient(i?: number): Promise<ClipClient>;
  /** Process i's pid (a task's runner id starts with it). */
  pid(i: number): number;
  /** Peak resident memory of process i so far (VmHWM), bytes. */
  peakRss(i: number): Promise<number>;
  /** Kills process i (SIGKILL unless told) and waits for it to exit. */
  kill(i: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts process i again, on the same database and settings (with `env` over them). */
  restart(i: number, env?: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

export interface FleetOptions {
  /** The processes the test needs at least. */
  size: number;
  env?: Record<string, string>;
}

type FleetStarter = (options: FleetOptions) => Promise<Fleet>;

const loginAt = async (baseUrl: string) => {
  const { token } = await new ClipClient({ baseUrl }).auth.login('admin', ADMIN_PASSWORD);
  return new ClipClient({ baseUrl, auth: { type: 'admin', token } });
};

/** Processes answered at their own addresses, sharing one data dir (so one default local storage). */
const startProcesses: FleetStarter = async ({ size, env = {} }) => {
  const [db, dataDir] = await Promise.all([
    createPostgresDatabase(),
    mkdtemp(join(tmpdir(), 'clip-tasks-e2e-')),
  ]);
  const start = (more: Record<string, string> = {}) =>
    startServerProcess({ dataDir, databaseUrl: db.url, env: { ...env, ...more } });
  const processes = [await start()];
  for (let i = 1; i < size; i++) processes.push(await start());
  return {
    databaseUrl: db.url,
    size,
    adminClient: (i = 0) => loginAt(processes[i].url),
    pid: (i) => processes[i].pid,
    peakRss: (i) => processes[i].peakRss(),
    kill: (i, signal = 'SIGKILL') => processes[i].kill(signal),
    async restart(i, more) {
      processes[i] = await start(more);
    },
    async close() {
      for (const p of processes) await p.kill('SIGKILL');
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

let starter: FleetStarter = startProcesses;

/** Makes every later startFleet() start its fleet with `start` (a cluster). */
export function useFleetTarget(start: FleetStarter) {
  starter = start;
}

export const startFleet = (options: FleetOptions) => starter(options);
