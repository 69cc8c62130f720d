/** Starts the real server on 127.0.0.1 with an ephemeral port, a temp data dir and the test database. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Auth, ClipClient } from '@clip/sdk';
import type { Logger } from 'pino';
import { type RunningApp, startApp } from '../app.ts';
import type { TimerClock } from '../clock.ts';
import { type Config, loadConfig } from '../config.ts';
import { createTestDatabase } from './testDatabase.ts';

export const TEST_ADMIN = { username: 'admin', password: 'test-admin-password' };

export interface TestServer {
  url: string;
  app: RunningApp;
  dataDir: string;
  databaseUrl: string | null;
  /** A client with the given auth (none by default). */
  client(auth?: Auth): ClipClient;
  adminClient(): Promise<ClipClient>;
  /** The admin's bearer token, for raw fetch calls. */
  adminToken(): Promise<string>;
  /** Creates an API key with the given permissions and answers a client that uses it. */
  keyClient(perms?: {
    text?: boolean;
    file?: boolean;
    mount?: boolean;
    basic_path?: string;
  }): Promise<{ client: ClipClient; id: string; key: string }>;
  close(): Promise<void>;
}

type TestServerOptions = { clock?: TimerClock; logger?: Logger };
export type TestServerTarget = (
  overrides: Partial<Config>,
  options: TestServerOptions,
) => Promise<TestServer>;
let target: TestServerTarget | null = null;

/**
 * Runs every `startTestServer()` of this test process against another target: `e2e/cluster/` runs whole
 * suites through three server processes behind HAProxy this way, unchanged.
 */
export function useTestServerTarget(factory: TestServerTarget): void {
  target = factory;
}

/**
 * `clock`: the server's injected clock (e.g. `offsetClock()`), so a test moves time instead of waiting;
 * `logger`: where the server logs (silent by default), for tests that read its log lines.
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  if (target) return target(overrides, options);
  const dataDir = await mkdtemp(join(tmpdir(), 'clip-test-'));
  const database = await createTestDatabase();
  const config = {
    ...loadConfig({}, {}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: database.url,
    logLevel: 'silent' as const,
    adminUsername: TEST_ADMIN.username,
    adminPassword: TEST_ADMIN.password,
    sweepIntervalMs: 0,
    ...overrides,
  };
  const app = await startApp(config, { clock: options.clock, logger: options.logger });
  let adminToken: string | null = null;
  const client = (auth?: Auth) => new ClipClient({ baseUrl: app.url, auth });
  const getAdminToken = async () => {
    adminToken ??= (await client().auth.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
    return adminToken;
  };
  const adminClient = async () => client({ type: 'admin', token: await getAdminToken() });
  return {
    url: app.url,
    app,
    dataDir,
    databaseUrl: database.url,
    client,
    adminToken: getAdminToken,
    adminClient,
    async keyClient(perms = {}) {
      const admin = await adminClient();
      const created = await admin.apiKeys.create({
        name: `test key ${Math.random().toString(36).slice(2, 8)}`,
        text_permission: perms.text ?? false,
        file_permission: perms.file ?? false,
        mount_permission: perms.mount ?? false,
        basic_path: perms.basic_path ?? '/',
      });
      return { client: client({ type: 'apikey', key: created.key }), id: created.id, key: created.key };
    },
    async close() {
      await app.close();
      await database.release();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
