// @clip-databases sqlite postgres
// `clip upload`, `clip get` of file shares (with resume) and `clip files`, over bin/clip against a live server.
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, open, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FileRecord } from '@clip/sdk';
import { startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failedWith, succeeded } from '../testing/assertRun.ts';
import { type RecordingProxy, startRecordingProxy } from '../testing/recordingProxy.ts';
import { createSandbox, type Sandbox } from '../testing/runClip.ts';

const MB = 1_000_000;
let server: TestServer;
let proxy: RecordingProxy;
let box: Sandbox;
let dir: string;
let adminEnv: { CLIP_TOKEN: string };
let big: { path: string; sha256: string };
let bigUrl: string;

async function randomFile(path: string, size: number): Promise<{ path: string; sha256: string }> {
  const hash = createHash('sha256');
  const file = await open(path, 'w');
  for (let done = 0; done < size; ) {
    const chunk = randomBytes(Math.min(1 << 20, size - done));
    hash.update(chunk);
    await file.write(chunk);
    done += chunk.length;
  }
  await file.close();
  return { path, sha256: hash.digest('hex') };
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  const file = await open(path);
  for await (const chunk of file.createReadStream()) hash.update(chunk);
  return hash.digest('hex');
}

const rangesFor = (slug: string) =>
  proxy.seen.filter((r) => r.path.startsWith(`/api/file-download/${slug}`)).map((r) => r.range);

test.before(async () => {
  // Every request, signed download links included, goes through the recording proxy.
  proxy = await startRecordingProxy();
  server = await startTestServer({ publicUrl: proxy.url, allowPrivateUrls: true });
  proxy.target = server.url;
  box = await createSandbox(proxy.url);
  adminEnv = { CLIP_TOKEN: await server.adminToken() };
  dir = await mkdtemp(join(tmpdir(), 'clip-cli-files-'));
  big = await randomFile(join(dir, 'big.bin'), 50 * MB);
});
test.after(async () => {
  await box?.dispose();
  await server?.close();
  await proxy?.close();
  await rm(dir, { recursive: true, force: true });
});

test('upload prints one share link; get saves the 50 MB file byte for byte under its own name', async () => {
  const run = await box.run(['upload', big.path, '--remark', 'fifty'], { env: adminEnv });
  bigUrl = succeeded(run).trim();
  assert.match(bigUrl, new RegExp(`^${proxy.url}/file/[A-Za-z0-9_-]+$`));
  // Off a terminal: one line for the file, when it ends, and no escape codes.
  assert.match(
    run.stderr,
    /^upload big\.bin: done {2}47\.7 MiB in \d+\.\d s \([\d.]+ [KMG]?i?B\/s\)$/m,
    run.stderr,
  );
  assert.is(run.stderr.split('\n').filter((l) => l.includes('big.bin')).length, 1, run.stderr);
  assert.not.ok(run.stderr.includes('\x1b['), 'no escape codes');

  const cwd = await mkdtemp(join(dir, 'get-'));
  const got = await box.run(['get', bigUrl], { cwd });
  assert.is(succeeded(got).trim(), join(cwd, 'big.bin'));
  assert.is(await sha256Of(join(cwd, 'big.bin')), big.sha256);
  assert.equal(await readdir(cwd), ['big.bin'], 'no partial file left behind');
});

test("upload of a file to local storage never loads Node's fetch stack (ADR 0030)", async () => {
  // A preload that records, as the process exits, which of Node's built-in modules came from undici.
  const probe = join(dir, 'fetch-stack-probe.mjs');
  const report = join(dir, 'fetch-stack.json');
  await writeFile(
    probe,
    `import { writeFileSync } from 'node:fs';
process.on('exit', () => writeFileSync(${JSON.stringify(report)}, JSON.stringify(process.moduleLoadList.filter((m) => m.includes('undici')))));`,
  );
  const small = await randomFile(join(dir, 'small.bin'), 300_000);
  const run = await box.run(['upload', small.path], {
    env: { ...adminEnv, NODE_OPTIONS: `--import=${pathToFileURL(probe).href}` },
  });
  assert.match(succeeded(run).trim(), new RegExp(`^${proxy.url}/file/`));
  assert.equal(JSON.parse(await readFile(report, 'utf8')), []);
});

test('get refuses to overwrite without --force, and overwrites with it', async () => {
  const out = join(dir, 'exists.bin');
  await writeFile(out, 'precious');
  failedWith(await box.run(['get', bigUrl, '-o', out]), /already exists.*--force/);
  assert.is((await stat(out)).size, 8);
  succeeded(await box.run(['get', bigUrl, '-o', out, '--force']));
  assert.is(await sha256Of(out), big.sha256);
});

test('get --continue resumes a truncated file with a Range request and ends byte-identical', async () => {
  const slug = bigUrl.split('/').pop()!;
  const out = join(dir, 'resumed.bin');
  await copyFile(big.path, out);
  await truncate(out, 20 * MB);
  proxy.seen.length = 0;
  succeeded(await box.run(['get', bigUrl, '-o', out, '--continue']));
  assert.equal(rangesFor(slug), [`bytes=${20 * MB}-`]);
  assert.is(await sha256Of(out), big.sha256);
});

test('an interrupted download (a .part file) is resumed by running get again', async () => {
  const slug = bigUrl.split('/').pop()!;
  const out = join(dir, 'interrupted.bin');
  await copyFile(big.path, `${out}.part`);
  await truncate(`${out}.part`, 33 * MB + 17);
  proxy.seen.length = 0;
  succeeded(await box.run(['get', slug, '-o', out]));
  assert.equal(rangesFor(slug), [`bytes=${33 * MB + 17}-`]);
  assert.is(await sha256Of(out), big.sha256);
  await assert.not.ok(await stat(`${out}.part`).catch(() => null), 'the .part file became the output');
});

test('a download cut off by the network is retried from where it stopped', async () => {
  const slug = bigUrl.split('/').pop()!;
  const out = join(dir, 'flaky.bin');
  proxy.seen.length = 0;
  proxy.cutNextDownloadAfter = 10 * MB;
  succeeded(await box.run(['get', bigUrl, '-o', out]));
  assert.is(proxy.cutNextDownloadAfter, null, 'the connection was cut');
  const ranges = rangesFor(slug);
  assert.is(ranges.length, 2);
  assert.is(ranges[0], null);
  const resumedAt = Number(/^bytes=(\d+)-$/.exec(ranges[1] ?? '')?.[1]);
  assert.ok(resumedAt > 0 && resumedAt <= 10 * MB, `resumed at ${ranges[1]}`);
  assert.is(await sha256Of(out), big.sha256);
});

test('files ls --json lists the uploads; files rm deletes one', async () => {
  const two = await randomFile(join(dir, 'notes.md'), 2048);
  const run = await box.run(
    ['upload', two.path, '--slug', 'cli-notes', '--max-views', '3', '--expire', '1d'],
    {
      env: adminEnv,
    },
  );
  assert.is(succeeded(run).trim(), `${proxy.url}/file/cli-notes`);
  const list = JSON.parse(succeeded(await box.run(['files', 'ls', '--json'], { env: adminEnv }))) as {
    items: FileRecord[];
    total: number;
  };
  const notes = list.items.find((f) => f.slug === 'cli-notes');
  assert.ok(notes, 'the upload is listed');
  assert.is(notes?.mimetype, 'text/markdown');
  assert.is(notes?.max_views, 3);
  assert.ok(notes?.expires_at, 'expiry set');
  assert.ok(list.items.some((f) => f.filename === 'big.bin'));
  succeeded(await box.run(['files', 'rm', notes!.id], { env: adminEnv }));
  const after = JSON.parse(succeeded(await box.run(['files', 'ls', '--json'], { env: adminEnv })));
  assert.is(after.total, list.total - 1);
});

test('upload of several files prints their links in order; --slug with several is refused', async () => {
  const a = await randomFile(join(dir, 'a.txt'), 100);
  const b = await randomFile(join(dir, 'b.txt'), 200);
  const links = succeeded(await box.run(['upload', a.path, b.path], { env: adminEnv }))
    .trim()
    .split('\n');
  assert.is(links.length, 2);
  const listed = JSON.parse(succeeded(await box.run(['files', 'ls', '--json'], { env: adminEnv })))
    .items as FileRecord[];
  assert.is(listed.find((f) => links[0].endsWith(f.slug))?.filename, 'a.txt');
  assert.is(listed.find((f) => links[1].endsWith(f.slug))?.filename, 'b.txt');
  failedWith(
    await box.run(['upload', a.path, b.path, '--slug', 'x1'], { env: adminEnv }),
    /--slug names one share/,
  );
  failedWith(
    await box.run(['upload', join(dir, 'missing.bin')], { env: adminEnv }),
    /missing\.bin: no such file$/,
  );
  failedWith(await box.run(['upload', a.path]), /not logged in/);
});

test('upload --url stores a remote file', async () => {
  let remote: Server | null = null;
  try {
    const body = randomBytes(300_000);
    remote = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
    await new Promise<void>((resolve) => remote?.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(remote.address() as { port: number }).port}/data/remote.dat`;
    const link = succeeded(await box.run(['upload', '--url', url], { env: adminEnv })).trim();
    const cwd = await mkdtemp(join(dir, 'url-'));
    succeeded(await box.run(['get', link], { cwd }));
    assert.is(createHash('sha256').update(body).digest('hex'), await sha256Of(join(cwd, 'remote.dat')));
  } finally {
    // A failure before the server was made leaves none to close: resolve rather than wait for ever.
    await new Promise((resolve) => (remote ? remote.close(resolve) : resolve(null)));
  }
});

test.run();
