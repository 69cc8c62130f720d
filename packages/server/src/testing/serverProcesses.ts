/**
 * Several real server processes of one test file on one database (Postgres): each with its own data dir
 * unless given one, all with one secret (each opens what the others sealed) and one admin password. `close`
 * kills them, drops the database and removes every directory made here.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClipClient } from '@clip/sdk';
import { type ServerInstance, startServerInstance } from './serverInstance.ts';
import { createTestDatabase, type TestDatabase } from './testDatabase.ts';

export interface ServerProcesses {
  database: TestDatabase;
  /** A directory removed at `close`. */
  tempDir(prefix: string): Promise<string>;
  /** Starts one more process; `env` adds to (or overrides) the shared settings. */
  start(env?: Record<string, string>): Promise<ServerInstance>;
  /** The admin's client of the process at `url`, and its token. */
  admin(url: string): Promise<{ client: ClipClient; token: string }>;
  /** A local storage config over a directory every process reaches ('shared disk'), mounted at `/shared`: the directory and the config's id. */
  mountSharedDisk(
    admin: ClipClient,
    config?: { total_storage_bytes?: number },
  ): Promise<{ root: string; configId: string }>;
  close(): Promise<void>;
}

export async function startServerProcesses(password: string): Promise<ServerProcesses> {
  const database = await createTestDatabase();
  const dirs: string[] = [];
  const running: ServerInstance[] = [];
  const tempDir = async (prefix: string) => {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  return {
    database,
    tempDir,
    async start(env = {}) {
      const instance = await startServerInstance({
        CLIP_PORT: '0',
        CLIP_HOST: '127.0.0.1',
        CLIP_DATA_DIR: await tempDir('clip-process-'),
        DATABASE_URL: database.url ?? '',
        CLIP_SECRET: 'a-shared-secret-of-enough-length',
        CLIP_ADMIN_PASSWORD: password,
        CLIP_LOG_LEVEL: 'warn',
        CLIP_SWEEP_INTERVAL_MS: '0',
        ...env,
      });
      running.push(instance);
      return instance;
    },
    async admin(url) {
      const { token } = await new ClipClient({ baseUrl: url }).auth.login('admin', password);
      return { client: new ClipClient({ baseUrl: url, auth: { type: 'admin', token } }), token };
    },
    async mountSharedDisk(admin, extra = {}) {
      const root = await tempDir('clip-shared-storage-');
      const config = await admin.storageConfigs.create({
        name: 'shared disk',
        provider_type: 'local',
        root_path: root,
        ...extra,
      });
      await admin.mounts.create({
        name: 'shared',
        mount_path: '/shared',
        storage_type: 'local',
        storage_config_id: config.id,
      });
      return { root, configId: config.id };
    },
    async close() {
      for (const { child } of running) child.kill('SIGKILL');
      await database.release();
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    },
  };
}
