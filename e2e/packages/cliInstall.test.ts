// @clip-databases sqlite
// The CLI as users get it (issue 17): the packed @clip/cli and @clip/sdk install globally into a fresh
// prefix without the server package, `echo hi | clip paste` and `clip get` round-trip against a live
// server, `clip --version` agrees with GET /api/version, and `clip serve` says how to get the server.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installArgs, npm, pack, ROOT, reportingSetUp, tempDir, userEnv } from './pack.ts';

let server: TestServer;
let work = '';
let prefix = '';
let key = '';

test.before(() => reportingSetUp(setUp));

async function setUp(): Promise<void> {
  server = await startTestServer();
  work = await tempDir('clip-cli-install-');
  const sdk = await pack('packages/sdk', work);
  const cli = await pack('packages/cli', work);
  prefix = join(work, 'prefix');
  npm(['install', '--global', '--prefix', prefix, sdk, cli, ...installArgs()], work);
  key = (await server.keyClient({ text: true })).key;
}
test.after(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** A user's shell: the prefix's bin and a Node on PATH, a fresh home, nothing of the workspace. */
function shell(script: string, extra: Record<string, string> = {}) {
  const home = join(work, 'home');
  return promisify(execFile)('sh', ['-c', script], {
    cwd: work,
    env: userEnv({
      PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_CACHE_HOME: join(home, '.cache'),
      ...extra,
    }),
    encoding: 'utf8',
    timeout: 60_000,
  });
}

test('installed globally from the tarballs, without the server package', () => {
  assert.ok(existsSync(join(prefix, 'bin/clip')), 'no clip executable');
  assert.ok(existsSync(join(prefix, 'lib/node_modules/@clip/cli/dist/main.js')));
  assert.not.ok(existsSync(join(prefix, 'lib/node_modules/@clip/server')), 'the server came along');
  assert.not.ok(existsSync(join(prefix, 'lib/node_modules/@clip/cli/src')), 'TypeScript source shipped');
});

test('echo hi | clip paste, then clip get, round-trips against a live server', async () => {
  const env = { CLIP_SERVER: server.url, CLIP_API_KEY: key };
  const pasted = await shell('echo hi | clip paste', env);
  const link = pasted.stdout.trim();
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/paste\/\S+$/, `clip paste printed ${link}`);
  const got = await shell(`clip get '${link}'`, env);
  assert.is(got.stdout, 'hi\n');
});

test('clip --version, GET /api/version and every package agree on one version', async () => {
  const { stdout } = await shell('clip --version');
  const res = await fetch(`${server.url}/api/version`);
  const served = ((await res.json()) as { data: { version: string } }).data.version;
  assert.is(stdout.trim(), served);
  for (const pkg of [
    'package.json',
    'packages/sdk/package.json',
    'packages/cli/package.json',
    'packages/server/package.json',
    'packages/web/package.json',
  ]) {
    const { version } = JSON.parse(await readFile(join(ROOT, pkg), 'utf8')) as { version: string };
    assert.is(version, served, `${pkg} is at ${version}`);
  }
});

for (const command of ['serve', 'admin reset-password'])
  test(`clip ${command} without the server package says how to install it`, async () => {
    const err = await shell(`clip ${command}`).then(
      () => null,
      (e: { code: number; stderr: string; stdout: string }) => e,
    );
    assert.ok(err, 'clip serve succeeded without a server');
    assert.is(err.code, 1);
    assert.match(err.stderr, /npm install --global @clip\/server/);
    assert.is(err.stdout, '');
  });

test.run();
