// @clip-databases postgres
// Joining a cluster (issue 32): the first start stores a fingerprint of the secret (never the secret);
// a process with another secret, or none and its own data dir, refuses to start with one line naming
// CLIP_SECRET; a local storage root inside a process's data dir is warned about on Postgres.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClipClient } from '@clip/sdk';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startRefused, startServerInstance } from '../testing/serverInstance.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { until } from '../testing/until.ts';
import { secretFingerprint } from './secretFingerprint.ts';

const SECRET = 'the-cluster-secret-0123456789';
const PASSWORD = 'cluster-join-password';
let database: TestDatabase;
const dirs: string[] = [];
const running: ChildProcess[] = [];

const envFor = async (extra: Record<string, string>) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'clip-join-'));
  dirs.push(dataDir);
  return {
    CLIP_PORT: '0',
    CLIP_HOST: '127.0.0.1',
    CLIP_DATA_DIR: dataDir,
    DATABASE_URL: database.url ?? '',
    CLIP_ADMIN_PASSWORD: PASSWORD,
    CLIP_LOG_LEVEL: 'warn',
    CLIP_SWEEP_INTERVAL_MS: '0',
    CLIP_TASK_POLL_MS: '0',
    ...extra,
  };
};
async function rows<T>(sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: database.url ?? '' });
  await c.connect();
  try {
    return (await c.query(sql)).rows as T[];
  } finally {
    await c.end();
  }
}

test.before(async () => {
  database = await createTestDatabase();
});
test.after(async () => {
  for (const child of running) child.kill('SIGKILL');
  await database?.release();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

test('the first start keeps an HMAC of the secret; another secret, or a generated one, cannot join', async () => {
  const first = await startServerInstance(await envFor({ CLIP_SECRET: SECRET }));
  running.push(first.child);
  const kept = await rows<{ name: string; value: string }>('SELECT name, value FROM server_identity');
  assert.equal(kept, [{ name: 'secret_fingerprint', value: secretFingerprint(SECRET) }]);
  assert.not.ok(kept[0].value.includes(SECRET));
  assert.match(kept[0].value, /^[0-9a-f]{64}$/);
  // The default local storage ("storage", relative) is this process's own folder: said once at start.
  // The log line is written asynchronously, so it may follow the "listening" line: wait for it.
  const relativeWarnings = () =>
    first
      .output()
      .split('\n')
      // Whole lines only: the last one may still be arriving.
      .filter((line) => line.startsWith('{') && line.endsWith('}'))
      .map((line) => JSON.parse(line) as { msg: string; rootPath?: string })
      .filter((w) => /^local storage "[^"]+" has the relative root "storage"/.test(w.msg));
  await until(() => relativeWarnings().length > 0, 'the relative-root warning');
  const relative = relativeWarnings();
  assert.is(relative.length, 1, first.output());
  assert.match(relative[0].msg, /CLIP_DATA_DIR/);

  const admins = await rows<{ n: string }>('SELECT count(*) AS n FROM admins');
  const others: Record<string, string>[] = [{ CLIP_SECRET: 'another-secret-0123456789' }, {}];
  for (const env of others) {
    const refused = await startRefused(await envFor(env));
    assert.is(refused.code, 1, refused.stdout + refused.stderr);
    assert.is(
      refused.stderr,
      'clip: CLIP_SECRET differs from the secret this database was first started with; give every process the same CLIP_SECRET\n',
    );
    assert.not.match(refused.stdout, /listening/);
  }
  assert.equal(await rows<{ n: string }>('SELECT count(*) AS n FROM admins'), admins, 'nothing created');

  // The same secret joins, and the first process's sessions and keys work on it.
  const second = await startServerInstance(await envFor({ CLIP_SECRET: SECRET }));
  running.push(second.child);
  const { token } = await new ClipClient({ baseUrl: first.url }).auth.login('admin', PASSWORD);
  const key = await new ClipClient({ baseUrl: first.url, auth: { type: 'admin', token } }).apiKeys.create({
    name: 'joined',
    text_permission: true,
  });
  const viaSecond = new ClipClient({ baseUrl: second.url, auth: { type: 'apikey', key: key.key } });
  assert.ok((await viaSecond.pastes.create({ content: 'through the second process' })).url);
});

test.run();
