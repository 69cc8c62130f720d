// @clip-databases postgres
// Every cache and lock agrees across the cluster's processes (issue 32, item 4): a write through one
// process (an upload, a rename, a delete, a signed PUT) is in another's cached listing at once; a signed
// PUT link is used once whichever process it reaches; a WebDAV lock taken on one binds the others; a
// fourth process with another secret refuses to join.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClipClient } from '@clip/sdk';
import { s3ConfigBody, startRefused, startS3rver, TEST_ADMIN, type TestS3 } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Cluster, startCluster } from './cluster.ts';

let cluster: Cluster;
let s3: TestS3;
/** An admin client per process, talking to it directly (the balancer would pick for us). */
let direct: ClipClient[];
const HOUR = 3600;

const names = async (client: ClipClient, path: string) =>
  (await client.fs.listAll(path)).items.map((i) => i.name).sort();
const basic = `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`;

test.before(async () => {
  s3 = await startS3rver();
  cluster = await startCluster();
  const admin = await cluster.adminClient();
  const local = (await admin.storageConfigs.list()).items.find((c) => c.provider_type === 'local')!;
  const bucket = await admin.storageConfigs.create(s3ConfigBody(s3, 's3rver'));
  // Listings cached for an hour: only the cross-process invalidation can show a write.
  for (const [name, config, type] of [
    ['cloc', local.id, 'local'],
    ['cs3', bucket.id, 's3'],
  ] as const)
    await admin.mounts.create({
      name,
      mount_path: `/${name}`,
      storage_type: type,
      storage_config_id: config,
      cache_ttl: HOUR,
    });
  const { token } = await admin.auth.login(TEST_ADMIN.username, TEST_ADMIN.password);
  direct = cluster.processes.map((p) => new ClipClient({ baseUrl: p.url, auth: { type: 'admin', token } }));
  for (const mount of ['/cloc', '/cs3']) await direct[0].fs.mkdir(`${mount}/shared`);
});
test.after(async () => {
  await cluster?.close();
  await s3?.close();
});

for (const mount of ['/cloc', '/cs3'])
  test(`${mount}: uploads, renames and deletes through one process are in another's cached listing at once`, async () => {
    const [p1, p2, p3] = direct;
    const folder = `${mount}/shared`;
    assert.equal(await names(p2, folder), [], 'p2 caches the empty folder');
    await p1.fs.uploadForm(folder, new Blob(['one']), { filename: 'a.txt' });
    assert.equal(await names(p2, folder), ['a.txt'], 'an upload through p1');
    await p3.fs.rename(`${folder}/a.txt`, `${folder}/b.txt`);
    assert.equal(await names(p2, folder), ['b.txt'], 'a rename through p3');
    assert.equal(await names(p1, folder), ['b.txt']);
    await p1.fs.remove(`${folder}/b.txt`);
    assert.equal(await names(p2, folder), [], 'a delete through p1');
    assert.equal(await names(p3, folder), []);
  });

test('a signed PUT through one process is in another cached listing at once, and lands once', async () => {
  const [p1, p2] = direct;
  await p1.fs.uploadForm('/cs3/shared', new Blob(['signed body']), { filename: 'src.txt' });
  assert.equal(await names(p2, '/cloc/shared'), [], 'p2 caches the target folder');
  // The client-side copy into local storage signs a PUT to /api/fs/put (ADR 0042).
  const page = await p1.fs.batchCopy({
    items: [{ sourcePath: '/cs3/shared/src.txt', targetPath: '/cloc/shared/put.txt' }],
    client_side: true,
  });
  assert.ok('requiresClientSideCopy' in page);
  const link = new URL(page.items[0].uploadUrl!);
  assert.is(link.origin, cluster.url, 'links carry CLIP_PUBLIC_URL, the balancer');
  const putTo = (i: number) =>
    fetch(`${cluster.processes[i].url}${link.pathname}${link.search}`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'signed body',
    });
  const first = await putTo(2);
  assert.is(first.status, 200, await first.text());
  assert.equal(await names(p2, '/cloc/shared'), ['put.txt'], 'a signed PUT through p3');
  const again = await putTo(0);
  assert.ok(again.status >= 400 && again.status < 500, `the link was used: ${again.status}`);
  await p1.fs.remove('/cloc/shared/put.txt');
  await p1.fs.remove('/cs3/shared/src.txt');
});

test('a WebDAV lock taken through one process binds the others', async () => {
  const dav = (
    i: number,
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: string,
  ) =>
    fetch(`${cluster.processes[i].url}/dav${path}`, {
      method,
      headers: { authorization: basic, ...headers },
      body,
    });
  const lock = await dav(
    0,
    'LOCK',
    '/cloc/shared/locked.txt',
    { 'content-type': 'application/xml', timeout: 'Second-600' },
    '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>',
  );
  assert.ok(lock.status === 200 || lock.status === 201, `LOCK ${lock.status}`);
  const token = lock.headers.get('lock-token')!;
  assert.ok(token, 'a lock token');
  assert.is((await dav(1, 'PUT', '/cloc/shared/locked.txt', {}, 'no token')).status, 423);
  const put = await dav(2, 'PUT', '/cloc/shared/locked.txt', { if: `(${token})` }, 'with token');
  assert.ok(put.status === 201 || put.status === 204, `PUT with the token ${put.status}`);
  assert.is((await dav(1, 'UNLOCK', '/cloc/shared/locked.txt', { 'lock-token': token })).status, 204);
  assert.is((await dav(1, 'PUT', '/cloc/shared/locked.txt', {}, 'unlocked')).status, 204);
});

test('a fourth process with another secret exits non-zero with one line naming CLIP_SECRET', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'clip-cluster-p4-'));
  try {
    const refused = await startRefused({
      CLIP_PORT: '0',
      CLIP_HOST: '127.0.0.1',
      CLIP_DATA_DIR: dataDir,
      DATABASE_URL: cluster.databaseUrl,
      CLIP_SECRET: 'not-the-cluster-secret-0123456789',
      CLIP_LOG_LEVEL: 'warn',
    });
    assert.is(refused.code, 1, refused.stdout + refused.stderr);
    assert.match(
      refused.stderr,
      /^clip: CLIP_SECRET differs from the secret this database was first started with; [^\n]*\n$/,
    );
    assert.not.match(refused.stdout, /listening/);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  // The cluster is unaffected: the balancer still answers from every process.
  const seen = new Set<string>();
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${cluster.url}/api/health`);
    assert.is(res.status, 200);
    seen.add(res.headers.get('x-clip-backend') ?? '');
  }
  assert.is(seen.size, cluster.processes.length);
});

test.run();
