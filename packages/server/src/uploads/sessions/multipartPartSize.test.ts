// @clip-databases sqlite postgres
// The part size a client asks for at init (ADR 0087: a browser sends fewer, larger parts faster): used
// for a new session on a local and an s3rver mount alike, held to the 10,000-part rule, and a resumed
// session keeps the size its parts were sent in.
import type { ClipClient } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { localMount, type MountUnderTest, s3Mount } from '../../testing/mounts.ts';
import { startS3rver, type TestS3 } from '../../testing/s3rver.ts';
import { startTestServer, type TestServer } from '../../testing/testServer.ts';
import { partPlan } from './sessionRules.ts';
import { MIB, randomBuffer, sha256, storedBytes } from './testing/multipartKit.ts';

let server: TestServer;
let s3: TestS3;
let admin: ClipClient;
let mounts: MountUnderTest[];

test.before(async () => {
  s3 = await startS3rver();
  server = await startTestServer();
  admin = await server.adminClient();
  mounts = [await localMount(server), await s3Mount(server, s3)];
});

test.after(async () => {
  await server?.close();
  await s3?.close();
});

test('the plan takes the asked size, or the larger one 10,000 parts need', () => {
  assert.equal(partPlan(100 * MIB), { partSize: 5 * MIB, partCount: 20 });
  assert.equal(partPlan(100 * MIB, 16 * MIB), { partSize: 16 * MIB, partCount: 7 });
  assert.equal(partPlan(10_000 * 20 * MIB, 16 * MIB), { partSize: 20 * MIB, partCount: 10_000 });
});

for (const which of ['local', 's3'] as const) {
  const mount = () => mounts.find((m) => m.kind === which)!;

  test(`${which}: fs.upload with partSize 6 MiB sends 14 MiB in 3 parts of that size`, async () => {
    const bytes = randomBuffer(14 * MIB);
    const inits: { partSize: number; partCount: number }[] = [];
    const init = admin.fs.multipartInit.bind(admin.fs);
    admin.fs.multipartInit = async (body, signal) => {
      const answer = await init(body, signal);
      inits.push({ partSize: answer.partSize, partCount: answer.partCount });
      return answer;
    };
    try {
      await admin.fs.upload(mount().path, new Blob([bytes]), {
        filename: 'six.bin',
        mode: 'multipart',
        partSize: 6 * MIB,
      });
    } finally {
      admin.fs.multipartInit = init;
    }
    assert.equal(inits, [{ partSize: 6 * MIB, partCount: 3 }]);
    assert.is(sha256(await storedBytes(mount().driver, 'six.bin')), sha256(bytes));
  });
}

test('a resumed session keeps the part size it began with', async () => {
  const path = mounts[0].path;
  const body = { path, filename: 'resume-size.bin', fileSize: 30 * MIB, fingerprint: 'v1-part-size-resume' };
  const first = await admin.fs.multipartInit({ ...body, partSize: 8 * MIB });
  assert.equal([first.partSize, first.partCount, first.resumed], [8 * MIB, 4, false]);
  const again = await admin.fs.multipartInit({ ...body, partSize: 16 * MIB });
  assert.is(again.uploadId, first.uploadId);
  assert.equal([again.partSize, again.partCount, again.resumed], [8 * MIB, 4, true]);
  await admin.fs.multipartAbort({ uploadId: first.uploadId, key: first.key });
});

test.run();
