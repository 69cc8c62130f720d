// @clip-databases sqlite postgres
// What a terminal user trips over (issue 15): shares named by slug or link, stdin uploads, network
// failures that name the host, and failures said once.
import { createServer } from 'node:net';
import { startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failedWith, succeeded } from '../testing/assertRun.ts';
import { createSandbox, runClip, type Sandbox } from '../testing/runClip.ts';

let server: TestServer;
let box: Sandbox;
let adminEnv: { CLIP_TOKEN: string };

test.before(async () => {
  server = await startTestServer();
  box = await createSandbox(server.url);
  adminEnv = { CLIP_TOKEN: await server.adminToken() };
});
test.after(async () => {
  await box?.dispose();
  await server?.close();
});

const paste = async (text: string) =>
  succeeded(await box.run(['paste'], { input: text, env: adminEnv })).trim();
const slugOf = (url: string) => url.split('/').pop() as string;
const pasteCount = async () => (await (await server.adminClient()).pastes.list({ limit: 1 })).total;

test('pastes rm takes a slug or a link, and counts no view', async () => {
  const bySlug = await paste('by slug');
  const byLink = await paste('by link');
  const before = await pasteCount();
  assert.match(
    succeeded(await box.run(['pastes', 'rm', slugOf(bySlug)], { env: adminEnv })),
    /deleted 1 text share/,
  );
  assert.match(succeeded(await box.run(['pastes', 'rm', byLink], { env: adminEnv })), /deleted 1 text share/);
  assert.is(await pasteCount(), before - 2);
  failedWith(
    await box.run(['pastes', 'rm', `${server.url}/paste/nope12`], { env: adminEnv }),
    /no text share "nope12"/,
  );
});

test('files rm takes a slug or a link; files ls pages with --page like pastes ls', async () => {
  const links: string[] = [];
  for (const n of [1, 2, 3])
    links.push(
      succeeded(
        await box.run(['upload', '-', '--name', `f${n}.txt`], { input: `file ${n}`, env: adminEnv }),
      ).trim(),
    );
  const page2 = JSON.parse(
    succeeded(await box.run(['files', 'ls', '--limit', '2', '--page', '2', '--json'], { env: adminEnv })),
  );
  assert.is(page2.items.length, 1);
  assert.is(page2.total, 3);
  assert.match((await box.run(['files', 'ls', '--limit', '2'], { env: adminEnv })).stderr, /next: --page 2/);

  assert.match(
    succeeded(await box.run(['files', 'rm', slugOf(links[0])], { env: adminEnv })),
    /deleted 1 file share/,
  );
  assert.match(
    succeeded(await box.run(['files', 'rm', links[1]], { env: adminEnv })),
    /deleted 1 file share/,
  );
  const left = JSON.parse(succeeded(await box.run(['files', 'ls', '--json'], { env: adminEnv })));
  assert.equal(
    left.items.map((f: { filename: string }) => f.filename),
    ['f3.txt'],
  );
});

test('upload - streams standard input; --name names it; the bytes come back', async () => {
  const link = succeeded(
    await box.run(['upload', '-', '--name', 'notes.txt'], { input: 'data from a pipe\n', env: adminEnv }),
  ).trim();
  const listed = JSON.parse(
    succeeded(await box.run(['files', 'ls', '--json', '--search', 'notes'], { env: adminEnv })),
  );
  assert.is(listed.items[0].filename, 'notes.txt');
  // The bytes, read the way a browser does: public metadata, then its signed link.
  const meta = (await (await fetch(`${server.url}/api/public/files/${slugOf(link)}`)).json()) as {
    data: { download_url: string };
  };
  assert.is(await (await fetch(meta.data.download_url)).text(), 'data from a pipe\n');
});

test('a refused connection and an unknown host name the host and the cause', async () => {
  const blocker = createServer();
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
  const port = (blocker.address() as { port: number }).port;
  await new Promise<void>((r) => blocker.close(() => r()));
  failedWith(
    await runClip(['--server', `http://127.0.0.1:${port}`, 'pastes', 'ls'], { env: adminEnv }),
    new RegExp(`^clip: cannot connect to 127\\.0\\.0\\.1:${port}: connection refused$`),
  );
  failedWith(
    await runClip(['--server', 'http://no-such-host.invalid:8787', 'pastes', 'ls'], { env: adminEnv }),
    /^clip: cannot connect to no-such-host\.invalid:8787: host (not found|name lookup failed) \(DNS\)$/,
  );
});

test('an upload refused for permission says why once', async () => {
  const { key } = await server.keyClient({ text: true, file: false });
  const run = await box.run(['upload', '-', '--name', 'x.txt'], { input: 'x', env: { CLIP_API_KEY: key } });
  assert.is.not(run.code, 0);
  assert.is(run.stdout, '');
  const reason = run.stderr.trim().split('\n').at(-1) as string;
  assert.match(reason, /^clip: .*permission/i);
  const message = reason.replace(/^clip: /, '');
  assert.is(run.stderr.split(message).length, 2, `said more than once: ${run.stderr}`);
});

test.run();
