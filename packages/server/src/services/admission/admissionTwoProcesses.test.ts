// @clip-databases postgres
// Two server processes on one Postgres, writing into one local storage config with a capacity: WebDAV PUTs
// sent to both at once cannot jointly exceed it, because reservations are rows taken under the config's
// row lock, not counters in one process's memory.
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ServerProcesses, startServerProcesses } from '../../testing/serverProcesses.ts';

const PASSWORD = 'two-process-admin-password';
const DAV_AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;

let processes: ServerProcesses;

test.before(async () => {
  processes = await startServerProcesses(PASSWORD);
});
test.after(() => processes?.close());

test('PUTs to two processes at once cannot jointly exceed a capacity', async () => {
  const [a, b] = await Promise.all([processes.start(), processes.start()]);
  const { client: admin } = await processes.admin(a.url);
  const shared = await processes.mountSharedDisk(admin, { total_storage_bytes: 10_000 });

  const put = async (url: string, name: string) => {
    const res = await fetch(`${url}/dav/shared/${name}`, {
      method: 'PUT',
      headers: { authorization: DAV_AUTH },
      body: randomBytes(3000),
    });
    await res.text();
    return res.status;
  };
  const statuses = await Promise.all(
    Array.from({ length: 8 }, (_, i) => put(i % 2 ? b.url : a.url, `race-${i}.bin`)),
  );
  assert.equal(
    [...statuses].sort(),
    [201, 201, 201, 413, 413, 413, 413, 413],
    `answers: ${statuses.join(', ')}`,
  );
  assert.is((await readdir(shared.root)).filter((n) => n.endsWith('.bin')).length, 3);

  const db = new pg.Client({ connectionString: processes.database.url ?? '' });
  await db.connect();
  try {
    const used = await db.query('SELECT mount_bytes FROM storage_configs WHERE id = $1', [shared.configId]);
    assert.is(Number(used.rows[0].mount_bytes), 9000);
    const held = await db.query('SELECT count(*) AS n FROM write_reservations');
    assert.is(Number(held.rows[0].n), 0, 'no reservation stays');
  } finally {
    await db.end();
  }
});

test.run();
