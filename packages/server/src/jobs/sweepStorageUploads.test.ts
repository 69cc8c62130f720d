// @clip-databases sqlite postgres
/**
 * Orphaned S3 multipart uploads: every upload id is recorded before its first part goes and dropped once
 * completed; the sweep aborts, after the grace period, the recorded ids no open session owns. The S3 store
 * is s3rver behind a recording proxy, which also answers AbortMultipartUpload as S3 does (s3rver itself
 * has no such call).
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { offsetClock } from '../clock.ts';
import type { Actor } from '../services/actor.ts';
import { canMultipart } from '../storage/driver.ts';
import {
  s3ConfigBody,
  startS3rver,
  startTestServer,
  type TestS3,
  type TestServer,
} from '../testing/index.ts';
import { STORAGE_UPLOAD_GRACE_MS } from './sweepStorageUploads.ts';

const MiB = 1024 * 1024;
const ADMIN: Actor = { kind: 'admin', id: 'sweep-test', username: 'admin' };
const clock = offsetClock();
let s3: TestS3;
let proxy: Server;
let server: TestServer;
let configId: string;
/** What reached the store: parts (and whether their upload id was recorded by then) and aborts. */
const parts: { uploadId: string; recorded: boolean }[] = [];
const aborts: string[] = [];
/** The store refuses aborts (as s3rver itself does) while set. */
let refuseAborts = false;

const recorded = async (uploadId: string) =>
  Boolean(await server.app.services.db.knex('storage_uploads').where({ upload_id: uploadId }).first());

test.before(async () => {
  s3 = await startS3rver();
  const target = new URL(s3.endpoint);
  proxy = createServer((req, res) => {
    const uploadId = new URL(req.url ?? '/', 'http://proxy').searchParams.get('uploadId');
    if (req.method === 'DELETE' && uploadId) {
      aborts.push(uploadId);
      req.resume();
      res.writeHead(refuseAborts ? 405 : 204).end();
      return;
    }
    const forward = () => {
      const upstream = request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    };
    if (req.method === 'PUT' && uploadId) {
      req.pause();
      recorded(uploadId).then((yes) => {
        parts.push({ uploadId, recorded: yes });
        forward();
      }, forward);
    } else forward();
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  server = await startTestServer({}, { clock });
  const admin = await server.adminClient();
  const config = await admin.storageConfigs.create({
    ...s3ConfigBody(s3, 'behind a proxy'),
    endpoint_url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
  });
  configId = config.id;
  await admin.mounts.create({
    name: 'px',
    mount_path: '/px',
    storage_type: 's3',
    storage_config_id: configId,
  });
});
test.after(async () => {
  await server?.close();
  proxy?.close();
  await s3?.close();
});

test('a streamed write records its multipart upload before the first part and drops it once complete', async () => {
  const fs = server.app.services.fs;
  const body = Readable.from(
    (function* () {
      for (let i = 0; i < 12; i++) yield Buffer.alloc(MiB, i);
    })(),
  );
  await fs.write(ADMIN, '/px/streamed.bin', body);
  assert.ok(parts.length >= 2, 'the write went in parts');
  assert.ok(
    parts.every((p) => p.recorded),
    'each part found its upload id recorded',
  );
  assert.is(await recorded(parts[0].uploadId), false, 'dropped once complete');
});

test('the sweep aborts, after the grace period, the recorded uploads no open session owns', async () => {
  const driver = await server.app.services.storageConfigs.driverFor(configId);
  if (!canMultipart(driver)) throw new Error('an S3 driver has multipart uploads');
  // A write that died after its first part: nothing will ever complete or abort it.
  const { uploadId: orphan } = await driver.multipartInit('orphan.bin', {});
  await driver.multipartUploadPart('orphan.bin', orphan, 1, Readable.from([Buffer.alloc(1024, 1)]), 1024);
  assert.ok(await recorded(orphan));
  // A resumable upload in progress owns its upload id.
  const token = await server.adminToken();
  const init = await fetch(`${server.url}/api/admin/fs/multipart/init`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ path: '/px', filename: 'owned.bin', fileSize: 6 * MiB }),
  });
  assert.is(init.status, 201, await init.text());
  const session = await server.app.services.db
    .knex('upload_sessions')
    .where({ target_path: '/px/owned.bin' })
    .first();
  const owned = session.storage_upload_id as string;
  assert.ok(await recorded(owned));
  // So does a file share's multipart upload that is still pending.
  const share = await fetch(`${server.url}/api/s3/multipart/init`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ s3_config_id: configId, filename: 'share.bin', size: 6 * MiB }),
  });
  const shareBody = await share.text();
  assert.is(share.status, 201, shareBody);
  const shared = JSON.parse(shareBody).data.upload_id as string;
  assert.ok(await recorded(shared));

  const sweep = server.app.services.sweepStorageUploads;
  assert.equal(await sweep(), { aborted: 0, abandoned: 0 }, 'young uploads are left alone');
  clock.advance(STORAGE_UPLOAD_GRACE_MS + 60_000);
  assert.equal(await sweep(), { aborted: 1, abandoned: 0 });
  assert.equal(aborts, [orphan], 'only the orphan was aborted in the store');
  assert.is(await recorded(orphan), false);
  assert.ok(await recorded(owned), "the session's upload stays recorded");
  assert.ok(await recorded(shared), "the pending share's upload stays recorded");
});

test('an abort the store refuses is tried again, then left to the bucket lifecycle rule', async () => {
  const driver = await server.app.services.storageConfigs.driverFor(configId);
  if (!canMultipart(driver)) throw new Error('an S3 driver has multipart uploads');
  refuseAborts = true;
  try {
    const { uploadId } = await driver.multipartInit('refused.bin', {});
    assert.is(await driver.multipartAbort('refused.bin', uploadId), false);
    assert.ok(await recorded(uploadId), 'a refused abort leaves the upload recorded');
    clock.advance(STORAGE_UPLOAD_GRACE_MS + 60_000);
    const sweep = server.app.services.sweepStorageUploads;
    for (let i = 0; i < 4; i++) assert.equal(await sweep(), { aborted: 0, abandoned: 0 });
    assert.ok(await recorded(uploadId));
    assert.equal(await sweep(), { aborted: 0, abandoned: 1 });
    assert.is(await recorded(uploadId), false);
    assert.is(aborts.filter((id) => id === uploadId).length, 6, 'one refused abort, then five tries');
  } finally {
    refuseAborts = false;
  }
});

test.run();
