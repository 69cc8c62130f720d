// @clip-databases sqlite postgres
// `clip storage ls|add|test|default` and `clip upload --storage` to S3 (s3rver), over bin/clip.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileRecord, StorageConfig } from '@clip/sdk';
import { startS3rver, startTestServer, type TestS3, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failedWith, succeeded } from '../testing/assertRun.ts';
import { CLIP_BIN, createSandbox, type Sandbox } from '../testing/runClip.ts';

let server: TestServer;
let s3: TestS3;
let box: Sandbox;
let dir: string;
let adminEnv: { CLIP_TOKEN: string };

test.before(async () => {
  s3 = await startS3rver();
  server = await startTestServer();
  box = await createSandbox(server.url);
  adminEnv = { CLIP_TOKEN: await server.adminToken() };
  dir = await mkdtemp(join(tmpdir(), 'clip-cli-storage-'));
});
test.after(async () => {
  await box?.dispose();
  await server?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

const listConfigs = async (env: Record<string, string>) =>
  JSON.parse(succeeded(await box.run(['storage', 'ls', '--json'], { env }))).items as StorageConfig[];

test('storage ls shows the default local config, as a table and as JSON', async () => {
  const table = succeeded(await box.run(['storage', 'ls'], { env: adminEnv }));
  assert.match(table.split('\n')[0], /^ID\s+NAME\s+PROVIDER\s+DEFAULT/);
  assert.match(table, /local\s+yes/);
  const configs = await listConfigs(adminEnv);
  assert.ok(configs.some((c) => c.provider_type === 'local' && c.is_default));
});

test('storage add (secret from the environment), test, default; upload --storage goes to S3', async () => {
  const added = await box.run(
    [
      'storage',
      'add',
      '--name',
      'bucket one',
      '--endpoint',
      s3.endpoint,
      '--bucket',
      s3.bucket,
      '--region',
      s3.region,
      '--access-key-id',
      s3.accessKeyId,
      '--path-style',
      '--public',
    ],
    { env: { ...adminEnv, CLIP_S3_SECRET_ACCESS_KEY: s3.secretAccessKey } },
  );
  const id = succeeded(added).trim();
  const config = (await listConfigs(adminEnv)).find((c) => c.id === id);
  assert.is(config?.name, 'bucket one');
  assert.is(config?.has_secret_access_key, true);
  assert.is(config?.path_style, true);

  const probe = succeeded(await box.run(['storage', 'test', 'bucket one'], { env: adminEnv }));
  assert.match(probe, /^ok\s+list/m);
  assert.match(probe, /^ok\s+delete/m);

  const file = join(dir, 'to-s3.bin');
  const bytes = randomBytes(6 * 1024 * 1024);
  await writeFile(file, bytes);
  const link = succeeded(
    await box.run(['upload', file, '--storage', 'bucket one'], { env: adminEnv }),
  ).trim();
  const shares = JSON.parse(succeeded(await box.run(['files', 'ls', '--json'], { env: adminEnv })))
    .items as FileRecord[];
  const share = shares.find((f) => link.endsWith(`/file/${f.slug}`));
  assert.is(share?.s3_config_id, id, 'stored in the chosen config');
  const cwd = await mkdtemp(join(dir, 'get-'));
  succeeded(await box.run(['get', link], { cwd }));
  const back = await readFile(join(cwd, 'to-s3.bin'));
  assert.is(
    createHash('sha256').update(back).digest('hex'),
    createHash('sha256').update(bytes).digest('hex'),
  );

  assert.match(
    succeeded(await box.run(['storage', 'default', id], { env: adminEnv })),
    /"bucket one" is now the default/,
  );
  assert.is((await listConfigs(adminEnv)).find((c) => c.is_default)?.id, id);
  failedWith(
    await box.run(['upload', file, '--storage', 'nope'], { env: adminEnv }),
    /no storage config "nope"/,
  );
});

test('Ctrl-C during a multipart upload cancels it: exit 130, one line, no share', async () => {
  const { id } = (await listConfigs(adminEnv)).find((c) => c.name === 'bucket one')!;
  const file = join(dir, 'interrupted.bin');
  await writeFile(file, randomBytes(110 * 1024 * 1024));
  await (await server.adminClient()).system.updateSettings({ max_upload_size: 500 });
  const before = JSON.parse(succeeded(await box.run(['files', 'ls', '--json'], { env: adminEnv }))).total;
  const child = spawn(CLIP_BIN, ['upload', file, '--storage', id], {
    env: { ...process.env, XDG_CONFIG_HOME: box.configHome, CLIP_SERVER: server.url, ...adminEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  let interrupted = false;
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const closed = new Promise((resolve) => child.on('close', resolve));
  // Interrupt once the multipart upload is under way (its pending record exists); once only: a second
  // Ctrl-C would force the exit.
  const pending = () => server.app.services.db.knex('file_shares').where({ status: 'pending' }).first('id');
  while (!interrupted && child.exitCode === null) {
    if (await pending()) interrupted = child.kill('SIGINT');
    else await new Promise((r) => setTimeout(r, 20));
  }
  const code = await closed;
  assert.is(code, 130, stderr);
  assert.is(stdout, '');
  assert.is(stderr.trim().split('\n').at(-1), 'clip: upload cancelled');
  assert.match(stderr, /^upload interrupted\.bin: failed$/m);
  assert.is(stderr.split('upload cancelled').length, 2, 'the reason is said once');
  const after = JSON.parse(succeeded(await box.run(['files', 'ls', '--json'], { env: adminEnv }))).total;
  assert.is(after, before);
});

test('an API key lists only public configs; adding one is refused', async () => {
  const { key } = await server.keyClient({ file: true });
  const seen = await listConfigs({ CLIP_API_KEY: key });
  assert.ok(seen.length > 0 && seen.every((c) => c.is_public));
  failedWith(
    await box.run(['storage', 'add', '--name', 'x', '--root-path', '/tmp/x'], { env: { CLIP_API_KEY: key } }),
    /./,
  );
});

test.run();
