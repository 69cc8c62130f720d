// @clip-databases postgres
// Two server processes on one Postgres over one local storage: a request made on one takes parts on both,
// a limit holds across them (uploads started at once on both processes), and a file completed on one
// appears at once in the other's listing, which had cached the folder before (the cache version lives
// in the database).
import { ClipClient, type ClipError } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ServerProcesses, startServerProcesses } from '../../testing/serverProcesses.ts';
import { MIB, randomBuffer } from '../../uploads/sessions/testing/multipartKit.ts';

const PASSWORD = 'two-process-admin-password';
let processes: ServerProcesses;

test.before(async () => {
  processes = await startServerProcesses(PASSWORD);
});
test.after(() => processes?.close());

test('a request works across processes: parts on both, limits across both, listings fresh on both', async () => {
  const a = await processes.start();
  const { client: adminA } = await processes.admin(a.url);
  await processes.mountSharedDisk(adminA);
  await adminA.fs.mkdir('/shared/inbox');
  const request = await adminA.uploadRequests.create({ path: '/shared/inbox', max_files: 3 });
  const b = await processes.start();
  const { client: adminB } = await processes.admin(b.url);
  // B lists (and caches) the folder while it is empty.
  assert.equal((await adminB.fs.list('/shared/inbox')).items, []);

  const anonA = new ClipClient({ baseUrl: a.url }).uploadRequests;
  const anonB = new ClipClient({ baseUrl: b.url }).uploadRequests;
  const bytes = randomBuffer(6 * MIB);
  const started = await anonA.start(request.slug, {
    filename: 'both.bin',
    size: bytes.length,
    uploader: 'Ada',
  });
  const put = (base: string, n: number, body: Uint8Array) =>
    fetch(`${base}/api/public/r/${request.slug}/uploads/${started.uploadId}/parts/${n}`, {
      method: 'PUT',
      headers: { 'x-upload-token': started.uploadToken },
      body,
    });
  assert.is((await put(a.url, 1, bytes.subarray(0, 5 * MIB))).status, 200);
  assert.is((await put(b.url, 2, bytes.subarray(5 * MIB))).status, 200);
  assert.equal((await anonA.status(request.slug, started.uploadId, started.uploadToken)).parts, [1, 2]);
  assert.equal(await anonB.complete(request.slug, started.uploadId, started.uploadToken), {
    name: 'both.bin',
    size: bytes.length,
  });
  // Completed on B, listed by A and by B (whose cached listing is invalidated through the database).
  assert.equal(
    (await adminB.fs.list('/shared/inbox')).items.map((i) => i.name),
    ['both.bin'],
  );
  assert.equal(
    (await adminA.fs.list('/shared/inbox')).items.map((i) => i.name),
    ['both.bin'],
  );

  // Two files are left of three: four uploaders at once, two on each process, and exactly two get in.
  const starts = await Promise.allSettled(
    [anonA, anonB, anonA, anonB].map((anon, i) =>
      anon.start(request.slug, { filename: `f${i}.txt`, size: 1 }),
    ),
  );
  assert.is(starts.filter((s) => s.status === 'fulfilled').length, 2);
  for (const s of starts) if (s.status === 'rejected') assert.is((s.reason as ClipError).status, 413);
  assert.equal((await anonB.info(request.slug)).remaining.files, 0);
  assert.is((await adminB.uploadRequests.get(request.id)).received[0].uploader, 'Ada');
});

test.run();
