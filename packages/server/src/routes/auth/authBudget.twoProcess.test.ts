// @clip-databases sqlite postgres
// Issue 27 item 12: the guessing budget lives in the database, so two server processes on one database
// share it: wrong guesses sent to either spend the same budget.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  type ServerInstance,
  startServerInstance,
  stopServerInstance,
} from '../../testing/serverInstance.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabase.ts';
import { basicAuth } from '../../webdav/testing/davTestKit.ts';

const BUDGET = 4;
const PASSWORD = 'two-process-budget-pw';
let database: TestDatabase;
let dataDir: string;
let instances: ServerInstance[] = [];
test.before(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'clip-budget-'));
  const env: NodeJS.ProcessEnv = {
    CLIP_PORT: '0',
    // One data directory for both: on SQLite the database file is shared.
    CLIP_DATA_DIR: dataDir,
    DATABASE_URL: database.url ?? '',
    CLIP_SECRET: 'a-shared-secret-of-enough-length',
    CLIP_ADMIN_PASSWORD: PASSWORD,
    CLIP_LOG_LEVEL: 'warn',
    CLIP_SWEEP_INTERVAL_MS: '0',
    CLIP_TASK_POLL_MS: '0',
    CLIP_LOGIN_MAX_FAILURES: String(BUDGET),
  };
  instances.push(await startServerInstance(env));
  instances.push(await startServerInstance(env));
});
test.after(async () => {
  await Promise.all(instances.map(stopServerInstance));
  instances = [];
  await rm(dataDir, { recursive: true, force: true });
  await database?.release();
});

const login = (url: string, password: string) =>
  fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });

async function dataOf<T>(answer: Promise<Response>): Promise<T> {
  return ((await (await answer).json()) as { data: T }).data;
}

async function status(answer: Promise<Response>): Promise<number> {
  const res = await answer;
  await res.arrayBuffer();
  return res.status;
}

test(`${BUDGET} wrong guesses split over two processes spend one budget`, async () => {
  const [a, b] = instances.map((i) => i.url);
  const { token } = await dataOf<{ token: string }>(login(a, PASSWORD));
  const { key } = await dataOf<{ key: string }>(
    fetch(`${a}/api/admin/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'two processes', text_permission: true }),
    }),
  );

  assert.is(await status(login(a, 'wrong-1')), 401);
  assert.is(
    await status(fetch(`${a}/api/test/api-key`, { headers: { authorization: 'ApiKey guessed-key-2' } })),
    401,
  );
  assert.is(
    await status(
      fetch(`${b}/dav/`, {
        method: 'PROPFIND',
        headers: { depth: '0', authorization: basicAuth('admin', 'wrong-3') },
      }),
    ),
    401,
  );
  assert.is(
    await status(fetch(`${b}/api/test/admin-token`, { headers: { authorization: 'Bearer guessed-4' } })),
    401,
  );

  // Spent on both: the right password on one, the right key on the other.
  const refused = await login(a, PASSWORD);
  assert.is(refused.status, 429);
  assert.ok(Number(refused.headers.get('retry-after')) > 0);
  assert.is(
    await status(fetch(`${b}/api/test/api-key`, { headers: { authorization: `ApiKey ${key}` } })),
    429,
  );
});

test.run();
