// @clip-databases sqlite
// The sweep a resumed copy runs at its end (sweepTempFiles.ts), through the fs service as the task runner
// calls it: a dead runner's temp file below the copy's target goes, a younger one stays. (The mount view
// once dropped the driver's sweep, so it never ran outside the driver's own test.)
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer } from '../../testing/testServer.ts';
import { type FsKit, startFsKit } from '../testing/fsTestKit.ts';
import { sweepTempFiles } from './sweepTempFiles.ts';

let kit: FsKit;
test.before(async () => {
  kit = await startFsKit(startTestServer());
  await kit.mountLocAndS3();
});
test.after(async () => kit?.close());

test('a resumed copy sweeps the temp files a dead runner left below its target', async () => {
  const fs = kit.server.app.services.fs;
  const dir = join(kit.server.dataDir, 'storage', 'dst', 'd0');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'done.txt'), 'file 1');
  await writeFile(join(dir, '.clip-tmp-dead'), 'file 2');
  await writeFile(join(dir, '.clip-tmp-live'), 'file 3');
  const claimedAt = Date.now();
  const past = new Date(claimedAt - 60_000);
  await utimes(join(dir, '.clip-tmp-dead'), past, past);
  const future = new Date(claimedAt + 60_000);
  await utimes(join(dir, '.clip-tmp-live'), future, future);
  assert.is(await sweepTempFiles(fs, ['/loc/dst'], claimedAt), 1);
  assert.equal((await readdir(dir)).sort(), ['.clip-tmp-live', 'done.txt']);
});

test.run();
