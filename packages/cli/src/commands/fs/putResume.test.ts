// @clip-databases sqlite postgres
// kill -9 during a 60 MiB `clip put`, then the same command again: the file arrives byte-identical and
// the second run sends only the parts the server did not have (counted at a proxy). On a local mount: on
// the s3rver mount the same run passes too, but the server's part upload to S3 of the killed request
// hangs until the 300 s part limit (the S3 part store does not abort it), which holds up the teardown.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localMount, startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PARTS_IN_FLIGHT } from '../../services/uploadSettings.ts';
import { succeeded } from '../../testing/assertRun.ts';
import { type RecordingProxy, startRecordingProxy } from '../../testing/recordingProxy.ts';
import { CLIP_BIN, createSandbox, type Sandbox } from '../../testing/runClip.ts';

const MIB = 1024 * 1024;
let server: TestServer;
let proxy: RecordingProxy;
let box: Sandbox;
let dir: string;
let env: Record<string, string>;

test.before(async () => {
  server = await startTestServer();
  proxy = await startRecordingProxy();
  proxy.target = server.url;
  box = await createSandbox(proxy.url);
  env = { CLIP_TOKEN: await server.adminToken() };
  dir = await mkdtemp(join(tmpdir(), 'clip-cli-resume-'));
  const admin = await server.adminClient();
  await localMount(server, { path: '/disk', name: 'disk', root: 'disk' });
  await admin.fs.mkdir('/disk/in');
});

test.after(async () => {
  await box?.dispose();
  await proxy?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const partPosts = () =>
  proxy.seen.filter((r) => r.method === 'POST' && r.path.includes('/fs/multipart/part')).length;

const until = async (condition: () => boolean, what: string, timeoutMs = 120_000) => {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

test('kill -9 mid-upload, rerun: byte-identical and fewer bytes sent', async () => {
  const bytes = randomBytes(60 * MIB);
  const file = join(dir, 'big.bin');
  await writeFile(file, bytes);
  const child = spawn(CLIP_BIN, ['put', file, '/disk/in'], {
    env: { ...process.env, XDG_CONFIG_HOME: box.configHome, CLIP_SERVER: proxy.url, ...env },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  // Part requests beyond the first PARTS_IN_FLIGHT start only as earlier ones finish: two more mean two
  // parts are stored on the server.
  await until(() => partPosts() >= PARTS_IN_FLIGHT + 2, `${PARTS_IN_FLIGHT + 2} part requests`);
  child.kill('SIGKILL');
  await exited;
  const firstRun = partPosts();
  const totalParts = Math.ceil((60 * MIB) / (5 * MIB));
  assert.ok(firstRun < totalParts + 1, `the kill came before the end (${firstRun} parts)`);

  succeeded(await box.run(['put', file, '/disk/in'], { env }));
  const secondRun = partPosts() - firstRun;
  assert.ok(secondRun < totalParts, `the rerun sent ${secondRun} of ${totalParts} parts`);
  assert.ok(secondRun >= 1);
  const back = await (await server.adminClient()).fs.openDownload('/disk/in/big.bin');
  const digest = createHash('sha256')
    .update(Buffer.from(await back.arrayBuffer()))
    .digest('hex');
  assert.is(digest, createHash('sha256').update(bytes).digest('hex'));
});

test.run();
