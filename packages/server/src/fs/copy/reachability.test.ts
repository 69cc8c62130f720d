// @clip-databases sqlite postgres
/**
 * The automatic fallback to the client-side copy. A storage config whose endpoint refuses connections
 * (a closed port) plays a storage this server cannot reach. The spec gives a storage config one endpoint
 * for the server and for presigned URLs alike, so no client can reach it either in this test: what is
 * tested is the server's decision and what it answers, not a copy of bytes through it.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { ClipError } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer } from '../../testing/testServer.ts';
import { type FsKit, startFsKit } from '../testing/fsTestKit.ts';
import type { FsService } from '../types.ts';
import { unreachableReason } from './reachability.ts';
import { ADMIN, writeFile } from './testing/copyTestKit.ts';

let kit: FsKit;
let fs: FsService;
let closedPort: number;
let silent: Server;
let silentPort: number;
const silentSockets = new Set<Socket>();

async function listening(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

test.before(async () => {
  const probe = createServer();
  closedPort = await listening(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  // Accepts connections and never answers (until the test ends).
  silent = createServer((socket) => {
    silentSockets.add(socket);
    socket.on('close', () => silentSockets.delete(socket));
  });
  silentPort = await listening(silent);
  kit = await startFsKit(startTestServer());
  fs = kit.server.app.services.fs;
  await kit.mountLocAndS3();
  const admin = await kit.server.adminClient();
  for (const [path, endpoint] of [
    ['/far', `http://127.0.0.1:${closedPort}`],
    ['/mute', `http://127.0.0.1:${silentPort}`],
  ]) {
    const config = await admin.storageConfigs.create({
      name: `unreachable ${path}`,
      provider_type: 'minio',
      endpoint_url: endpoint,
      bucket_name: kit.s3.bucket,
      access_key_id: kit.s3.accessKeyId,
      secret_access_key: kit.s3.secretAccessKey,
    });
    await kit.mount({ mount_path: path, storage_type: 's3', storage_config_id: config.id });
  }
});
test.after(async () => {
  for (const socket of silentSockets) socket.destroy();
  silent?.close();
  await kit?.close();
});

test('the probe: refused and silent endpoints are unreachable; an answer, even an error, is not', async () => {
  const driverOf = async (path: string) => (await fs.resolve(ADMIN, path, 'write')).driver;
  assert.is(await unreachableReason(await driverOf('/s3/x')), null);
  assert.is(await unreachableReason(await driverOf('/loc/x')), null);
  assert.match((await unreachableReason(await driverOf('/far/x'))) ?? '', /ECONNREFUSED|connect/i);
  assert.is(await unreachableReason(await driverOf('/mute/x'), 300), 'no answer within 300 ms');

  // s3rver refuses an unknown access key with HTTP 403: the store answered, so it is reachable.
  const admin = await kit.server.adminClient();
  const wrongKey = await admin.storageConfigs.create({
    name: 'wrong key',
    provider_type: 'minio',
    endpoint_url: kit.s3.endpoint,
    bucket_name: kit.s3.bucket,
    access_key_id: 'NOT-A-KEY',
    secret_access_key: 'nope',
  });
  await kit.mount({ mount_path: '/denied', storage_type: 's3', storage_config_id: wrongKey.id });
  const denied = await driverOf('/denied/x');
  const listed = await denied.list('', { limit: 1 }).then(
    () => 'listed',
    (err: Error) => err.name,
  );
  assert.is(listed, 'InvalidAccessKeyId');
  assert.is(await unreachableReason(denied), null);
});

test('batch-copy to a storage the server cannot reach answers the client-side copy', async () => {
  await writeFile(fs, '/loc/r/a.txt', 'alpha');
  await writeFile(fs, '/loc/r/sub/b.txt', 'beta');
  const admin = await kit.server.adminClient();

  // Reachable on both sides: a task, as before.
  const reachable = await admin.fs.batchCopy({ items: [{ sourcePath: '/loc/r', targetPath: '/s3/r' }] });
  assert.ok('task_id' in reachable);

  const answer = await admin.fs.batchCopy({ items: [{ sourcePath: '/loc/r', targetPath: '/far/r' }] });
  assert.ok('requiresClientSideCopy' in answer, 'no task that would fail item by item');
  assert.equal(answer.folders, ['/far/r', '/far/r/sub']);
  assert.equal(answer.items.map((i) => i.targetPath).sort(), ['/far/r/a.txt', '/far/r/sub/b.txt']);
  for (const item of answer.items) {
    assert.ok(item.uploadUrl?.startsWith(`http://127.0.0.1:${closedPort}/`), item.uploadUrl ?? '');
    assert.is(new URL(item.downloadUrl).pathname, '/api/fs/download', 'the source is ours to sign');
  }

  // What the server cannot see it does not record: commit cannot HEAD the target.
  const commit = await admin.fs.batchCopyCommit({
    targetMountId: answer.items[0].targetMount,
    files: [{ targetPath: '/far/r/a.txt', s3Path: answer.items[0].targetS3Path, fileSize: 5 }],
  });
  assert.equal(commit.committed, []);
  assert.is(commit.failed.length, 1);

  // A source it cannot reach cannot even be listed: a 502 naming the storage.
  try {
    await admin.fs.batchCopy({ items: [{ sourcePath: '/far/r', targetPath: '/loc/from-far' }] });
    assert.unreachable('expected a 502');
  } catch (err) {
    assert.ok(err instanceof ClipError);
    assert.is(err.status, 502);
    assert.match(err.message, /cannot reach the storage of "\/far\/r"/);
  }
});

test.run();
