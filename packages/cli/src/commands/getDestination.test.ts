// @clip-databases sqlite postgres
// `clip get` of a file share decides where the bytes go before opening the share, because opening it
// counts a view: a refused or failed get must not use up a one-view share (issue 33, item 6).
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@clip/server/testing';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { failedWith, succeeded } from '../testing/assertRun.ts';
import { createSandbox, type Sandbox } from '../testing/runClip.ts';

let server: TestServer;
let box: Sandbox;
let dir: string;

test.before(async () => {
  server = await startTestServer();
  box = await createSandbox(server.url);
  dir = await mkdtemp(join(tmpdir(), 'clip-get-dest-'));
});
test.after(async () => {
  await box?.dispose();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A file share that can be read once. */
async function oneViewShare(name: string, body: string): Promise<string> {
  const admin = await server.adminClient();
  const created = await admin.files.upload(new Blob([body]), { max_views: 1 }, { filename: name });
  return created.slug;
}

test('a get refused for an existing -o file uses no view; the next get still succeeds', async () => {
  const slug = await oneViewShare('once.txt', 'only once');
  const out = join(dir, 'taken.txt');
  await writeFile(out, 'precious');
  failedWith(await box.run(['get', slug, '-o', out]), /taken\.txt already exists \(--force overwrites it/);
  assert.is(await readFile(out, 'utf8'), 'precious');

  const fresh = join(dir, 'fresh.txt');
  assert.is(succeeded(await box.run(['get', slug, '-o', fresh])).trim(), fresh);
  assert.is(await readFile(fresh, 'utf8'), 'only once');
  // The one view is now spent: the share is gone for everyone.
  failedWith(await box.run(['get', slug, '-o', join(dir, 'again.txt')]), /./);
});

test('a get into a missing folder or onto a folder fails before it uses a view', async () => {
  const slug = await oneViewShare('twice.txt', 'still here');
  failedWith(
    await box.run(['get', slug, '-o', join(dir, 'missing', 'x.txt')]),
    /no such directory: .*missing/,
  );
  failedWith(await box.run(['get', slug, '-o', dir]), /is a directory/);
  const out = join(dir, 'twice.txt');
  succeeded(await box.run(['get', slug, '-o', out]));
  assert.is(await readFile(out, 'utf8'), 'still here');
});

test('a clash with the share’s own name saves beside the existing file instead of spending the view', async () => {
  const slug = await oneViewShare('report.txt', 'the report');
  const cwd = join(dir, 'own-name');
  await mkdir(cwd);
  await writeFile(join(cwd, 'report.txt'), 'mine');
  const run = await box.run(['get', slug], { cwd });
  assert.is(succeeded(run).trim(), join(cwd, 'report-1.txt'));
  assert.match(run.stderr, /report\.txt exists, so this one is saved as report-1\.txt/);
  assert.is(await readFile(join(cwd, 'report.txt'), 'utf8'), 'mine');
  assert.is(await readFile(join(cwd, 'report-1.txt'), 'utf8'), 'the report');
  assert.equal((await readdir(cwd)).sort(), ['report-1.txt', 'report.txt']);
});

test.run();
