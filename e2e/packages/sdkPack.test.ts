// @clip-databases sqlite
// The SDK as users get it (issue 17): `npm pack` builds it to JavaScript, the tarball installs into a
// fresh project, and the README's opening example runs there as-is against a live server.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installArgs, npm, pack, ROOT, reportingSetUp, tempDir, userEnv } from './pack.ts';

let server: TestServer;
let work = '';
let project = '';
let tarball = '';

test.before(() => reportingSetUp(setUp));

async function setUp(): Promise<void> {
  server = await startTestServer();
  work = await tempDir('clip-sdk-pack-');
  tarball = await pack('packages/sdk', work);
  project = join(work, 'project');
  execFileSync('mkdir', ['-p', project]);
  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({ name: 'sdk-user', private: true, type: 'module' }),
  );
  npm(['install', tarball, ...installArgs()], project);
}
test.after(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

test('the tarball holds the build and its types, not the TypeScript source or tests', () => {
  const list = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
  assert.ok(list.includes('package/dist/index.js'));
  assert.ok(list.includes('package/dist/index.d.ts'));
  assert.ok(list.includes('package/dist/node.js'));
  assert.ok(list.includes('package/README.md'));
  assert.not.ok(
    list.some((f) => f.startsWith('package/src/')),
    'source shipped',
  );
  assert.not.ok(
    list.some((f) => f.includes('.test.')),
    'tests shipped',
  );
  const installed = join(project, 'node_modules/@clip/sdk');
  assert.ok(existsSync(join(installed, 'dist/index.js')));
});

async function readmeExample(): Promise<string> {
  const readme = await readFile(join(ROOT, 'packages/sdk/README.md'), 'utf8');
  const match = /```js\n([\s\S]*?)```/.exec(readme);
  assert.ok(match, 'README opens with a ```js example');
  assert.ok(readme.indexOf('```js') < readme.indexOf('## '), 'the example comes first');
  return match[1];
}

async function runExample(node: string): Promise<void> {
  await writeFile(join(project, 'share.mjs'), await readmeExample());
  const { key } = await server.keyClient({ text: true });
  // Asynchronous: the server answering it runs in this process.
  const { stdout } = await promisify(execFile)(node, ['share.mjs'], {
    cwd: project,
    env: userEnv({ CLIP_SERVER: server.url, CLIP_API_KEY: key }),
    encoding: 'utf8',
    timeout: 60_000,
  });
  const out = stdout.trim();
  assert.match(out, /^https?:\/\/\S+\/\S+$/, `printed ${out}`);
  const slug = out.split('/').pop()!;
  assert.is(await server.client().pastes.raw(slug), 'hello from @clip/sdk');
}

test('the README example creates a text share and prints its link (Node 24)', async () => {
  await runExample(process.execPath);
});

test('the README example runs on Node 20 too, where the machine has it', async () => {
  const node20 = '/usr/bin/node';
  if (!existsSync(node20)) return;
  const version = execFileSync(node20, ['--version'], { encoding: 'utf8' }).trim();
  if (!version.startsWith('v20.')) return;
  await runExample(node20);
});

test.run();
