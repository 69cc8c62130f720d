// @clip-databases sqlite postgres
// Several server processes may start at once on one fresh database: all come up, migrations run once,
// and a session made on one instance is valid on the others (no process-local state).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startServerInstance, stopServerInstance } from '../testing/serverInstance.ts';
import { createTestDatabase } from '../testing/testDatabase.ts';

test('three processes start at once on one fresh database', async () => {
  const database = await createTestDatabase();
  const dirs = await Promise.all([0, 1, 2].map((i) => mkdtemp(join(tmpdir(), `clip-i${i}-`))));
  // SQLite instances share one data directory (the database file); Postgres ones share DATABASE_URL.
  const dataDir = (i: number) => (database.url ? dirs[i] : dirs[0]);
  const env = (i: number): NodeJS.ProcessEnv => ({
    CLIP_PORT: '0',
    CLIP_DATA_DIR: dataDir(i),
    DATABASE_URL: database.url ?? '',
    CLIP_SECRET: 'a-shared-secret-of-enough-length',
    CLIP_ADMIN_PASSWORD: 'multi-instance-pw',
    CLIP_LOG_LEVEL: 'warn',
    CLIP_SWEEP_INTERVAL_MS: '0',
  });
  const instances = await Promise.allSettled([0, 1, 2].map((i) => startServerInstance(env(i))));
  const running = instances.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  try {
    for (const r of instances) if (r.status === 'rejected') throw r.reason;
    for (const { url } of running) assert.is((await fetch(`${url}/api/health`)).status, 200);

    const login = await fetch(`${running[0].url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'multi-instance-pw' }),
    });
    const { data } = (await login.json()) as { data: { token: string } };
    const check = await fetch(`${running[2].url}/api/test/admin-token`, {
      headers: { authorization: `Bearer ${data.token}` },
    });
    assert.is(check.status, 200);

    const knex = knexFactory(
      database.url
        ? { client: 'pg', connection: database.url }
        : {
            client: 'better-sqlite3',
            connection: { filename: join(dirs[0], 'clip.db') },
            useNullAsDefault: true,
          },
    );
    try {
      const names: string[] = await knex('knex_migrations').pluck('name');
      assert.is(names.length, new Set(names).size, 'each migration ran once');
      assert.is((await knex('admins').pluck('id')).length, 1, 'one first admin');
    } finally {
      await knex.destroy();
    }
  } finally {
    // Their database connections are closed once they have exited: only then is it released.
    await Promise.all(running.map(stopServerInstance));
    await database.release();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  }
});

test.run();
