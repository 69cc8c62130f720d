// @clip-databases sqlite postgres
// `clip request`, `clip requests ls|rm` and `clip upload --to <request link>` over bin/clip against a live
// server: the link printed, the limits sent, anyone uploading without an account, and a run cut short
// resumed by running it again (only the parts the server lacks are sent).
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClipClient, type UploadRequestRecord } from '@clip/sdk';
import { localMount, type MountUnderTest, startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failedWith, succeeded } from '../testing/assertRun.ts';
import { type RecordingProxy, startRecordingProxy } from '../testing/recordingProxy.ts';
import { type ClipRun, createSandbox, type Sandbox } from '../testing/runClip.ts';

const MIB = 1024 * 1024;
let server: TestServer;
let proxy: RecordingProxy;
let owner: Sandbox;
let stranger: Sandbox;
let dir: string;
let adminEnv: { CLIP_TOKEN: string };
let admin: ClipClient;
let docs: MountUnderTest;

/** A refused upload: the file's line says it failed, and the last line is the reason. */
function refused(run: ClipRun, reason: RegExp): void {
  assert.ok(run.code !== 0, `expected a failure, got exit 0 with ${JSON.stringify(run.stdout)}`);
  assert.is(run.stdout, '');
  const lines = run.stderr.split('\n').filter(Boolean);
  assert.match(lines.at(-1) ?? '', /^clip: /);
  assert.match(lines.at(-1) ?? '', reason);
}

test.before(async () => {
  proxy = await startRecordingProxy();
  server = await startTestServer({ publicUrl: proxy.url });
  proxy.target = server.url;
  owner = await createSandbox(proxy.url);
  // The uploader has no account and no server configured: the link says where to go.
  stranger = await createSandbox();
  adminEnv = { CLIP_TOKEN: await server.adminToken() };
  admin = await server.adminClient();
  docs = await localMount(server, { path: '/docs' });
  await admin.fs.mkdir('/docs/inbox');
  dir = await mkdtemp(join(tmpdir(), 'clip-cli-requests-'));
});
test.after(async () => {
  await owner?.dispose();
  await stranger?.dispose();
  await server?.close();
  await proxy?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('clip request prints the link with the limits set; clip requests ls shows it', async () => {
  const out = succeeded(
    await owner.run(
      [
        'request',
        '/docs/inbox',
        '--title',
        'Tax papers',
        '--max-files',
        '3',
        '--max-size',
        '20MB',
        '--total',
        '1GiB',
        '--types',
        'pdf,.txt,image/*',
        '--expire',
        '2d',
        '--slug',
        'tax-papers',
      ],
      { env: adminEnv },
    ),
  );
  assert.is(out.trim(), `${proxy.url}/r/tax-papers`);
  const [made] = (await admin.uploadRequests.list()).items.filter((r) => r.slug === 'tax-papers');
  assert.equal(made.limits, {
    max_files: 3,
    max_file_bytes: 20 * MIB,
    max_total_bytes: 1024 * MIB,
    allowed_types: ['.pdf', '.txt', 'image/*'],
  });
  assert.is(made.title, 'Tax papers');
  const days = (new Date(made.expires_at!).getTime() - new Date(made.created_at).getTime()) / 86_400_000;
  assert.is(days, 2);
  const listed = succeeded(await owner.run(['requests', 'ls'], { env: adminEnv }));
  assert.match(listed, /tax-papers/);
  assert.match(listed, /\/docs\/inbox/);
  const json = JSON.parse(succeeded(await owner.run(['requests', 'ls', '--json'], { env: adminEnv })));
  assert.ok(json.items.some((r: UploadRequestRecord) => r.slug === 'tax-papers'));
  failedWith(await owner.run(['request', 'docs/inbox'], { env: adminEnv }), /virtual path starting with \//);
  failedWith(
    await owner.run(['request', '/docs/inbox', '--max-size', 'lots'], { env: adminEnv }),
    /--max-size/,
  );
  failedWith(await owner.run(['request', '/docs/inbox']), /not logged in/);
});

test('clip upload --to sends files into the request without an account, and refusals read clearly', async () => {
  const a = join(dir, 'a.txt');
  const b = join(dir, 'b.pdf');
  await writeFile(a, 'hello');
  await writeFile(b, '%PDF-1.4 tiny');
  const link = `${proxy.url}/r/tax-papers`;
  const out = succeeded(await stranger.run(['upload', '--to', link, a, b, '--from', 'Ada']));
  assert.equal(out.trim().split('\n'), ['a.txt', 'b.pdf']);
  const again = succeeded(await stranger.run(['upload', '--to', link, a]));
  assert.is(again.trim(), 'a (1).txt');
  const [made] = (await admin.uploadRequests.list()).items.filter((r) => r.slug === 'tax-papers');
  const detail = await admin.uploadRequests.get(made.id);
  assert.equal(detail.received.map((r) => [r.name, r.uploader]).sort(), [
    ['a (1).txt', null],
    ['a.txt', 'Ada'],
    ['b.pdf', 'Ada'],
  ]);
  const exe = join(dir, 'tool.exe');
  await writeFile(exe, 'MZ');
  refused(await stranger.run(['upload', '--to', link, exe]), /not a type this request takes/);
  refused(await stranger.run(['upload', '--to', link, a]), /at most 3 files/);
  failedWith(
    await stranger.run(['upload', '--to', `${proxy.url}/s/nothing`, a]),
    /not an upload request link/,
  );
  refused(await stranger.run(['upload', '--to', `${proxy.url}/r/no-such-request`, a]), /not found/);
});

test('a protected request takes --password; a cut-short run resumes with only the missing parts', async () => {
  await mkdir(join(dir, 'big'), { recursive: true });
  const path = join(dir, 'big', 'video.bin');
  const bytes = randomBytes(12 * MIB);
  await writeFile(path, bytes);
  const link = succeeded(
    await owner.run(['request', '/docs/inbox', '--password', 'letmein', '--slug', 'videos'], {
      env: adminEnv,
    }),
  ).trim();
  refused(await stranger.run(['upload', '--to', link, path]), /needs its password/);
  refused(await stranger.run(['upload', '--to', link, path, '--password', 'nope']), /wrong password/i);

  // The first run got as far as part 1 (sent here through the SDK with the CLI's memory of it).
  const anon = new ClipClient({ baseUrl: server.url }).uploadRequests;
  const { token } = await anon.verify('videos', 'letmein');
  const started = await anon.start('videos', { filename: 'video.bin', size: bytes.length }, token);
  const part = await fetch(anon.partUrl('videos', started.uploadId, 1), {
    method: 'PUT',
    headers: { 'x-upload-token': started.uploadToken },
    body: bytes.subarray(0, 5 * MIB),
  });
  assert.is(part.status, 200);
  const key = `videos\nvideo.bin\n${bytes.length}\n${(await stat(path)).mtimeMs}`;
  await mkdir(join(stranger.configHome, 'clip'), { recursive: true });
  await writeFile(
    join(stranger.configHome, 'clip', 'request-uploads.json'),
    JSON.stringify({ [key]: { uploadId: started.uploadId, uploadToken: started.uploadToken } }),
  );

  proxy.seen.length = 0;
  const out = succeeded(await stranger.run(['upload', '--to', link, path, '--password', 'letmein']));
  assert.is(out.trim(), 'video.bin');
  const parts = proxy.seen.filter((r) => r.method === 'PUT').map((r) => r.path.split('/').pop());
  assert.equal(parts.sort(), ['2', '3']);
  const stored = await docs.driver.read('inbox/video.bin');
  const hash = createHash('sha256');
  for await (const chunk of stored.stream as AsyncIterable<Buffer>) hash.update(chunk);
  assert.is(hash.digest('hex'), createHash('sha256').update(bytes).digest('hex'));
});

test('clip requests rm closes a request by slug or link; the files stay', async () => {
  succeeded(await owner.run(['requests', 'rm', 'tax-papers', `${proxy.url}/r/videos`], { env: adminEnv }));
  assert.equal((await admin.uploadRequests.list()).items, []);
  const names = (await admin.fs.list('/docs/inbox')).items.map((i) => i.name).sort();
  assert.equal(names, ['a (1).txt', 'a.txt', 'b.pdf', 'video.bin']);
  failedWith(await owner.run(['requests', 'rm', 'gone'], { env: adminEnv }), /no upload request "gone"/);
});

test.run();
