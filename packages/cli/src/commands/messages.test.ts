// @clip-databases sqlite postgres
// What the CLI says when things go wrong or are asked loosely (issue 33, item 20): one wording for a
// missing local file, a put failure said once, a server that is not clip, a slug of either kind of
// share, a bare `clip tasks`, an interrupted put, and `--expire 0`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localMount, startTestServer, type TestServer, until } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failedWith, succeeded } from '../testing/assertRun.ts';
import { type RecordingProxy, startRecordingProxy } from '../testing/recordingProxy.ts';
import { CLIP_BIN, createSandbox, type Sandbox } from '../testing/runClip.ts';

let server: TestServer;
let proxy: RecordingProxy;
let box: Sandbox;
let dir: string;
let env: Record<string, string>;
let notClip: Server;
let notClipUrl: string;

test.before(async () => {
  server = await startTestServer();
  proxy = await startRecordingProxy();
  proxy.target = server.url;
  box = await createSandbox(proxy.url);
  env = { CLIP_TOKEN: await server.adminToken() };
  dir = await mkdtemp(join(tmpdir(), 'clip-cli-messages-'));
  await localMount(server, { path: '/disk', name: 'disk', root: 'disk' });
  // A web server that is not clip: every path answers 404 with an HTML page.
  notClip = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<h1>Not Found</h1>');
  });
  await new Promise<void>((resolve) => notClip.listen(0, '127.0.0.1', resolve));
  notClipUrl = `http://127.0.0.1:${(notClip.address() as { port: number }).port}`;
});

test.after(async () => {
  await box?.dispose();
  await proxy?.close();
  await server?.close();
  // A before hook that failed early left no server: resolve rather than wait for ever.
  await new Promise((resolve) => (notClip ? notClip.close(resolve) : resolve(null)));
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('a missing local file is "no such file" for upload, paste and put alike', async () => {
  const missing = join(dir, 'missing.bin');
  const expected = new RegExp(`^clip: ${missing.replace(/[.]/g, '\\.')}: no such file$`);
  failedWith(await box.run(['upload', missing], { env }), expected);
  failedWith(await box.run(['paste', missing], { env }), expected);
  failedWith(await box.run(['put', missing, '/disk'], { env }), expected);
});

test('a put refused by the server is said once, naming the remote path once', async () => {
  const local = join(dir, 'a.txt');
  await writeFile(local, 'a');
  const run = await box.run(['put', local, '/nomount/x'], { env });
  assert.is.not(run.code, 0);
  const reason = run.stderr.trim().split('\n').at(-1) as string;
  assert.match(reason, /^clip: .*\/nomount\/x\/a\.txt.*not inside a mount/);
  assert.is(run.stderr.split('not inside a mount').length, 2, `said more than once: ${run.stderr}`);
  assert.is(reason.split('/nomount/x/a.txt').length, 2, `path named more than once: ${reason}`);
});

test('mv says what it moved; a failed mv names the path once', async () => {
  const admin = await server.adminClient();
  await admin.fs.mkdir('/disk/into');
  await admin.fs.update('/disk/moving.txt', 'm');
  assert.is(
    succeeded(await box.run(['mv', '/disk/moving.txt', '/disk/into'], { env })),
    '/disk/moving.txt -> /disk/into/moving.txt\n',
  );
  const run = await box.run(['mv', '/disk/nothere.txt', '/disk/into'], { env });
  failedWith(run, /nothere\.txt/);
  assert.is(run.stderr.split('/disk/nothere.txt').length, 2, `path named more than once: ${run.stderr}`);
});

test('--server pointing at something that is not clip says so', async () => {
  failedWith(
    await box.run(['--server', notClipUrl, 'pastes', 'ls'], { env }),
    /does not answer as a clip server/,
  );
  failedWith(await box.run(['--server', notClipUrl, 'get', 'abc123']), /does not answer as a clip server/);
});

test('get <slug> finds text and file shares alike, and says when neither is there', async () => {
  const admin = await server.adminClient();
  await admin.pastes.create({ content: 'words', slug: 'textslug' });
  await admin.files.upload(new Blob(['bytes']), { slug: 'fileslug' }, { filename: 'f.txt' });
  assert.is(succeeded(await box.run(['get', 'textslug'])), 'words');
  assert.is(succeeded(await box.run(['get', 'fileslug', '-o', '-'])), 'bytes');
  failedWith(await box.run(['get', 'nosuch']), /^clip: text or file share "nosuch" not found on /);
});

test('a bare `clip tasks` lists the tasks', async () => {
  const run = await box.run(['tasks'], { env });
  assert.is(succeeded(run), succeeded(await box.run(['tasks', 'ls'], { env })));
});

test('--expire 0 is refused with what to use instead', async () => {
  failedWith(await box.run(['paste', '--expire', '0'], { env, input: 'x' }), /--expire 0 .*use never/);
  failedWith(
    await box.run(['upload', '-', '--expire', '0d'], { env, input: 'x' }),
    /--expire 0d .*use never/,
  );
});

test('an interrupted put says that running it again resumes', async () => {
  const file = join(dir, 'big.bin');
  await writeFile(file, randomBytes(60 * 1024 * 1024));
  const child = spawn(CLIP_BIN, ['put', file, '/disk'], {
    env: { ...process.env, XDG_CONFIG_HOME: box.configHome, CLIP_SERVER: proxy.url, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const parts = () => proxy.seen.filter((r) => r.path.includes('/fs/multipart/part')).length;
  await until(() => parts() >= 1, 'a part of the upload');
  child.kill('SIGINT');
  assert.is(await exited, 130);
  assert.match(stderr, /^clip: put interrupted at \/disk\/big\.bin: run the same command again to resume$/m);
});

test.run();
