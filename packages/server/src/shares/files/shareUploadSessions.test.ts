// @clip-databases sqlite postgres
/**
 * A file share's presigned multipart upload is an upload session (uploads/sessions/) tied to its pending
 * share: one session store, one place where parts become an object. What the session promises is counted
 * once (by the pending share), the mount routes never reach it, and it goes with its share.
 */
import type { ClipClient } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { offsetClock } from '../../clock.ts';
import {
  s3ConfigBody,
  startS3rver,
  startTestServer,
  type TestS3,
  type TestServer,
} from '../../testing/index.ts';
import { rejects } from '../../testing/rejects.ts';
import { UPLOAD_DEADLINE_MS } from './fileDeps.ts';

const MiB = 1024 * 1024;
const clock = offsetClock();
let server: TestServer;
let s3: TestS3;
let admin: ClipClient;
let configId: string;

test.before(async () => {
  [server, s3] = await Promise.all([startTestServer({}, { clock }), startS3rver()]);
  admin = await server.adminClient();
  const body = { ...s3ConfigBody(s3, 'capped'), is_public: true, total_storage_bytes: 20 * MiB };
  configId = (await admin.storageConfigs.create(body)).id;
});
test.after(async () => {
  await server?.close();
  await s3?.close();
});

const sessionOf = (shareId: string) =>
  server.app.services.db.knex('upload_sessions').where({ share_id: shareId }).first();

test('the upload is a session of its pending share, its bytes promised once, out of the mount routes reach', async () => {
  const init = await admin.files.multipartInit({
    s3_config_id: configId,
    filename: 'big.bin',
    size: 6 * MiB,
  });
  const session = await sessionOf(init.file_id);
  assert.ok(session, 'init opened an upload session');
  assert.equal(
    [session.kind, session.mount_id, session.storage_upload_id, Number(session.part_count), session.status],
    ['multipart', null, init.upload_id, 2, 'uploading'],
  );
  const { used } = await server.app.services.admission.usage(configId);
  assert.is(used, 6 * MiB, 'the pending share and its session promise the 6 MiB once');

  // The session is the share routes' own: the mount upload routes answer as for a session that is not there.
  const token = await server.adminToken();
  const status = await fetch(`${server.url}/api/admin/fs/multipart/status?uploadId=${session.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.is(status.status, 404, await status.text());

  const bytes = new Uint8Array(6 * MiB).fill(7);
  const parts = [];
  for (const { partNumber, url } of init.part_urls) {
    const chunk = bytes.subarray((partNumber - 1) * init.part_size, partNumber * init.part_size);
    const res = await fetch(url, { method: 'PUT', body: chunk });
    assert.is(res.status, 200);
    parts.push({ partNumber, etag: res.headers.get('etag') ?? '' });
  }
  const done = await admin.files.multipartComplete({
    file_id: init.file_id,
    upload_id: init.upload_id,
    parts,
  });
  assert.is(done.size, 6 * MiB);
  assert.is(await sessionOf(init.file_id), undefined, 'the ready share holds what the session promised');
  assert.is((await server.app.services.admission.usage(configId)).used, 6 * MiB);
  await admin.files.remove(init.file_id);
});

test('a session past its deadline is swept, and its pending share with it', async () => {
  const init = await admin.files.multipartInit({
    s3_config_id: configId,
    filename: 'left.bin',
    size: 6 * MiB,
  });
  assert.ok(await sessionOf(init.file_id));
  clock.advance(UPLOAD_DEADLINE_MS + 60_000);
  const swept = await server.app.services.sweepUploads();
  assert.is(swept.aborted, 1, 'the sweep aborted the session (and asked the store to abort its upload)');
  assert.is(await sessionOf(init.file_id), undefined);
  // Until the file sweep takes the record, asking for its parts says it expired.
  const late = await rejects(
    admin.files.multipartParts({ file_id: init.file_id, upload_id: init.upload_id, part_numbers: [1] }),
  );
  assert.is(late.status, 410, late.message);
  await server.app.services.sweepFiles();
  const row = await server.app.services.db.knex('file_shares').where({ id: init.file_id }).first();
  assert.is(row, undefined, 'the pending share went too');
  assert.is((await server.app.services.admission.usage(configId)).used, 0);
});

test.run();
