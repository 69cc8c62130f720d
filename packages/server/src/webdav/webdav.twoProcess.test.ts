// @clip-databases sqlite postgres
// Two server processes on one database: a lock taken through one is honoured by the other, and dead
// properties and listings written through one are seen by the other (nothing WebDAV keeps is process-local).
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startServerInstance } from '../testing/serverInstance.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { basicAuth, hrefs } from './testing/davTestKit.ts';

const PASSWORD = 'two-process-pw';
const auth = basicAuth('admin', PASSWORD);

let database: TestDatabase;
let dirs: string[] = [];
let instances: { child: ChildProcess; url: string }[] = [];
test.before(async () => {
  database = await createTestDatabase();
  dirs = [await mkdtemp(join(tmpdir(), 'clip-dav-'))];
  const env = (): NodeJS.ProcessEnv => ({
    CLIP_PORT: '0',
    // One data directory for both: the SQLite file and the local storage root are shared (on Postgres
    // too, where the local driver lives below the data directory of the process that serves it).
    CLIP_DATA_DIR: dirs[0],
    DATABASE_URL: database.url ?? '',
    CLIP_SECRET: 'a-shared-secret-of-enough-length',
    CLIP_ADMIN_PASSWORD: PASSWORD,
    CLIP_LOG_LEVEL: 'warn',
    CLIP_SWEEP_INTERVAL_MS: '0',
  });
  instances.push(await startServerInstance(env()));
  instances.push(await startServerInstance(env()));
});
test.after(async () => {
  await Promise.all(
    instances.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  instances = [];
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  await database?.release();
});

const dav = (i: number, method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
  fetch(`${instances[i].url}/dav${path}`, { method, headers: { authorization: auth, ...headers }, body });

test('a lock taken on one process is enforced by the other; dead properties and listings are shared', async () => {
  const [a] = instances;
  const login = await fetch(`${a.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const configs = await fetch(`${a.url}/api/s3-configs`, { headers: { authorization: `Bearer ${token}` } });
  const local = (
    (await configs.json()) as { data: { items: { id: string; provider_type: string }[] } }
  ).data.items.find((c) => c.provider_type === 'local');
  const mount = await fetch(`${a.url}/api/admin/mounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'shared',
      mount_path: '/shared',
      storage_type: 'local',
      storage_config_id: local?.id,
    }),
  });
  assert.is(mount.status, 201);

  // B lists the folder first (filling its cache); a write on A must show on B at once.
  assert.is((await dav(1, 'PROPFIND', '/shared/', { depth: '1' })).status, 207);
  assert.is((await dav(0, 'PUT', '/shared/doc.txt', {}, 'v1')).status, 201);
  assert.ok(
    hrefs(await (await dav(1, 'PROPFIND', '/shared/', { depth: '1' })).text()).includes(
      '/dav/shared/doc.txt',
    ),
  );

  const lock = await dav(
    0,
    'LOCK',
    '/shared/doc.txt',
    { timeout: 'Second-600' },
    '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>',
  );
  assert.is(lock.status, 200);
  const lockToken = (lock.headers.get('lock-token') as string).slice(1, -1);
  assert.is((await dav(1, 'PUT', '/shared/doc.txt', {}, 'from B')).status, 423);
  assert.is((await dav(1, 'DELETE', '/shared/doc.txt')).status, 423);
  assert.match(
    await (await dav(1, 'PROPFIND', '/shared/doc.txt', { depth: '0' })).text(),
    new RegExp(lockToken),
  );
  assert.is((await dav(1, 'PUT', '/shared/doc.txt', { if: `(<${lockToken}>)` }, 'from B')).status, 204);

  const patch = await dav(
    1,
    'PROPPATCH',
    '/shared/doc.txt',
    { if: `(<${lockToken}>)` },
    '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><x:tag xmlns:x="urn:x">b</x:tag></D:prop></D:set></D:propertyupdate>',
  );
  assert.is(patch.status, 207);
  assert.match(
    await (await dav(0, 'PROPFIND', '/shared/doc.txt', { depth: '0' })).text(),
    /<x:tag xmlns:x="urn:x">b<\/x:tag>/,
  );

  assert.is((await dav(1, 'UNLOCK', '/shared/doc.txt', { 'lock-token': `<${lockToken}>` })).status, 204);
  assert.is((await dav(0, 'PUT', '/shared/doc.txt', {}, 'free again')).status, 204);
  assert.is(await (await dav(1, 'GET', '/shared/doc.txt')).text(), 'free again');
});

test.run();
